import { LISTING_PHOTO_SIZES, type ListingPhoto as ListingPhotoData } from '@market/contracts';
import type { TFunction } from '../../../lib/i18n';

/** What the slider and its lazily loaded Swiper version share (a module of its own: no import cycle). */
export interface ImageSliderProps {
  images: ListingPhotoData[];
  /** The listing's name, for the photos' alt texts. */
  name: string;
}

/** A slide's picture: the large photo, or on a phone the smaller copy its srcset offers. */
export function slideSources(image: ListingPhotoData) {
  return { src: image.location, srcSet: image.srcset, sizes: image.srcset && LISTING_PHOTO_SIZES };
}

export function slideAlt(t: TFunction, name: string, index: number, count: number): string {
  return t('slider.photoAlt', { name, index: index + 1, count });
}
