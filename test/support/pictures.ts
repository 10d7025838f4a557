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
