import sharp from 'sharp';
import { convertImage } from './image-processing';

describe('converting pictures one at a time', () => {
  it("takes turns between accounts: one account's pile of large pictures does not hold back another's photo", async () => {
    const large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080' } }).png().toBuffer();
    const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#204080' } }).jpeg().toBuffer();
    const finished: string[] = [];
    const pile = Array.from({ length: 5 }, (_, index) => convertImage(large, { size: 1600 }, 'heavy uploader').then(() => finished.push(`large ${index}`)));
    const photo = convertImage(small, { size: 1600 }, 'seller').then(() => finished.push('photo'));
    await Promise.all([...pile, photo]);
    // The pile's first picture was being converted when the photo arrived: the photo goes next.
    expect(finished.slice(0, 2)).toEqual(['large 0', 'photo']);
    expect(finished).toHaveLength(6);
  });

  it('goes on after a picture that fails', async () => {
    await expect(convertImage(Buffer.from('not a picture'), { size: 400 }, 'seller')).rejects.toMatchObject({ messageKey: 'notAnImage' });
    const small = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#204080' } }).png().toBuffer();
    await expect(convertImage(small, { size: 400 }, 'seller')).resolves.toBeInstanceOf(Buffer);
  });
});
