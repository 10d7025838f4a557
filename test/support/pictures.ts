import sharp from 'sharp';

/**
 * A 1200x900 PNG with detail, shapes placed by `seed`, for the reused-photo check: the flat or
 * labelled pictures other tests upload carry too little detail to be compared.
 */
export function detailedPhoto(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#d8d0c0"/>${detailedShapes(seed)}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Fourteen shapes placed by `seed` on a 1200x900 picture (SVG): two seeds' pictures differ as two photos do. */
export function detailedShapes(seed: number): string {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const shapes = Array.from({ length: 14 }, (_, index) => {
    const [x, y, r, grey] = [random() * 1200, random() * 900, 60 + random() * 160, Math.round(random() * 255)];
    return index % 2
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="rgb(${grey},${255 - grey},90)"/>`
      : `<rect x="${x - r}" y="${y - r}" width="${r * 1.4}" height="${r * 2}" fill="rgb(${grey},80,${255 - grey})"/>`;
  });
  return shapes.join('');
}

const svg = (width: number, height: number, body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

/**
 * `photo` (4:3) as a phone's screenshot of another app shows it: a listing's page with the photo between the app's
 * bar and its price and button (`appPage`), a chat's photo in a bubble on the chat's patterned wallpaper (`chat`),
 * a gallery's photo between black bars under a dark status bar (`gallery`). 1080 pixels wide, JPEG.
 */
export async function screenshotsOf(photo: Buffer): Promise<Record<'appPage' | 'chat' | 'gallery', Buffer>> {
  const shown = (width: number, height: number) => sharp(photo).resize(width, height).toBuffer();
  const appPage = sharp({ create: { width: 1080, height: 2000, channels: 3, background: '#ffffff' } }).composite([
    { input: svg(1080, 300, `<rect width="1080" height="300" fill="#23506e"/><text x="30" y="190" font-size="44" fill="#fff">12:45   E'lonlar   iPhone 13 Pro</text>`), left: 0, top: 0 },
    { input: await shown(1080, 810), left: 0, top: 300 },
    { input: svg(1080, 890, `<rect width="1080" height="890" fill="#fafafa"/><text x="30" y="100" font-size="60">6 500 000 so'm</text><text x="30" y="200" font-size="40" fill="#333">Toshkent, Chilonzor</text><rect x="30" y="700" width="1020" height="140" rx="20" fill="#23e5db"/>`), left: 0, top: 1110 },
  ]);
  const wallpaper = `<defs><pattern id="p" width="90" height="90" patternUnits="userSpaceOnUse"><rect width="90" height="90" fill="#7fa37a"/><circle cx="30" cy="30" r="12" fill="#6b9066"/><path d="M60 60 l20 10 l-15 15z" fill="#90b28a"/></pattern></defs>`;
  const chat = sharp(
    svg(1080, 2000, `${wallpaper}<rect width="1080" height="2000" fill="url(#p)"/><rect width="1080" height="180" fill="#517da2"/><text x="40" y="120" font-size="50" fill="#fff">Telefonlar</text><rect x="280" y="560" width="800" height="760" rx="30" fill="#effdde"/><text x="310" y="1280" font-size="36" fill="#333">iPhone 13, 6 500 000</text><rect y="1880" width="1080" height="120" fill="#ffffff"/>`),
  ).composite([{ input: await shown(760, 570), left: 300, top: 580 }]);
  const gallery = sharp({ create: { width: 1080, height: 1500, channels: 3, background: '#000000' } }).composite([
    { input: svg(1080, 120, `<rect width="1080" height="120" fill="#1c1c1e"/><text x="40" y="80" font-size="44" fill="#fff">9:41</text><text x="900" y="80" font-size="44" fill="#fff">87%</text>`), left: 0, top: 0 },
    { input: await shown(1080, 810), left: 0, top: 345 },
    { input: svg(1080, 200, `<rect width="1080" height="200" fill="#1c1c1e"/><text x="40" y="120" font-size="48" fill="#ddd">1 / 6</text>`), left: 0, top: 1300 },
  ]);
  return {
    appPage: await appPage.jpeg({ quality: 80 }).toBuffer(),
    chat: await chat.jpeg({ quality: 80 }).toBuffer(),
    gallery: await gallery.jpeg({ quality: 80 }).toBuffer(),
  };
}
