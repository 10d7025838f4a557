import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { categoryColorSchema } from '@market/contracts';
import { convertImage } from '../uploads/image-processing';
import { ImageStorage } from '../uploads/image-storage';

/** Longest side of a device picture: the wizard shows it at most 96 px wide, twice that on dense screens and the detail page. */
const DEVICE_PICTURE_SIZE = 480;
const UNCHECKED_COLOR_FALLBACK = '#6B7280';

export interface StoredDevicePicture {
  key: string;
  location: string;
}

/**
 * Device pictures live in our own image storage (the one uploads use) and are served from
 * there: the content security policy refuses the spec source's image host, and a hot-linked
 * picture would load another site's server on every visit. Until the spec refresh brings a
 * model's photo, a model shows its brand's drawing.
 */
@Injectable()
export class DevicePictures {
  /** Drawings already written by this process, by key: the seed asks for each brand at every start. */
  private readonly writtenDrawings = new Map<string, Promise<string>>();

  constructor(private readonly storage: ImageStorage) {}

  /**
   * The location of a brand's drawing: a phone in the brand's colour. Its key names its content,
   * so a changed drawing or colour is a new file and a cached one never goes stale.
   */
  async brandDrawing(brand: { name: string; color: string }): Promise<string> {
    // The colour goes into SVG source: only a checked '#RRGGBB' does.
    const color = categoryColorSchema.safeParse(brand.color).success ? brand.color : UNCHECKED_COLOR_FALLBACK;
    const body = await sharp(Buffer.from(phoneDrawingSvg(color))).webp({ quality: 90 }).toBuffer();
    const slug = brand.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'brand';
    const key = `device-pictures/brands/${slug}-${contentHash(body)}.webp`;
    let written = this.writtenDrawings.get(key);
    if (!written) {
      written = this.storage.put(key, body, 'image/webp').then(() => this.storage.locationOf(key));
      // A failed write is tried again by the next caller.
      written.catch(() => this.writtenDrawings.delete(key));
      this.writtenDrawings.set(key, written);
    }
    return written;
  }

  /** Stores a model's photo from the spec source, re-encoded (sharp checks it is a picture): its key is new for new content. */
  async storeModelPhoto(deviceId: string, photo: Buffer): Promise<StoredDevicePicture> {
    const body = await convertImage(photo, { size: DEVICE_PICTURE_SIZE });
    const key = `device-pictures/${deviceId}-${contentHash(body)}.webp`;
    await this.storage.put(key, body, 'image/webp');
    return { key, location: this.storage.locationOf(key) };
  }

  discard(key: string): Promise<void> {
    return this.storage.delete(key);
  }
}

function contentHash(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

/** A phone seen from the front: the body in the brand's colour, a light screen, a camera dot. */
function phoneDrawingSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320" viewBox="0 0 240 320">
  <rect width="240" height="320" fill="#F3F4F6"/>
  <rect x="62" y="24" width="116" height="272" rx="20" fill="${color}"/>
  <rect x="70" y="40" width="100" height="232" rx="10" fill="#FFFFFF" fill-opacity="0.88"/>
  <rect x="78" y="52" width="84" height="64" rx="6" fill="${color}" fill-opacity="0.35"/>
  <rect x="78" y="126" width="84" height="10" rx="5" fill="${color}" fill-opacity="0.25"/>
  <rect x="78" y="144" width="60" height="10" rx="5" fill="${color}" fill-opacity="0.25"/>
  <circle cx="120" cy="32" r="4" fill="#FFFFFF" fill-opacity="0.8"/>
  <rect x="104" y="280" width="32" height="6" rx="3" fill="#FFFFFF" fill-opacity="0.8"/>
</svg>`;
}
