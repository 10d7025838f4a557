import { LISTING_PHOTO_SIZES, type ListingPhoto as ListingPhotoData } from '@market/contracts';
import type { TFunction } from '../../../lib/i18n';

/** What the gallery and its lazily loaded Swiper version share (a module of its own: no import cycle). */
export interface ImageSliderProps {
  images: ListingPhotoData[];
  /** The listing's name, for the photos' alt texts. */
  name: string;
}

/**
 * Dots as 44 px targets (WCAG 2.5.5) side by side fit a phone's 328 px slider seven times; a
 * listing of more photos (eight at most) counts them ('3 / 8') and is paged with the arrows and swipes.
 */
export const MAX_DOTS = 7;

/** An 8 px dot drawn in the middle of its 44 px target. */
export const dot = (color: string) => `radial-gradient(circle, ${color} 4px, transparent 4.5px)`;

export const DOT_COLOR = 'rgb(0 0 0 / 0.45)';
export const SHOWN_DOT_COLOR = 'var(--color-brand-700)';

/** A slide's picture: the large photo, or on a phone the smaller copy its srcset offers. */
export function slideSources(image: ListingPhotoData) {
  return { src: image.location, srcSet: image.srcset, sizes: image.srcset && LISTING_PHOTO_SIZES };
}

export function slideAlt(t: TFunction, name: string, index: number, count: number): string {
  return t('slider.photoAlt', { name, index: index + 1, count });
}
