import { useState, type ImgHTMLAttributes } from 'react';

/** Shown when a listing has no photo or its photo does not load. */
export const LISTING_PHOTO_PLACEHOLDER = '/phone-placeholder.svg';

type ListingPhotoProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string | null | undefined; alt: string };

/** A listing photo that falls back to the placeholder picture (in place of every copy `srcSet` offers). */
export function ListingPhoto({ src, srcSet, alt, ...props }: ListingPhotoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && src !== failedSrc;
  return (
    <img
      {...props}
      src={shown ? src : LISTING_PHOTO_PLACEHOLDER}
      srcSet={shown ? srcSet : undefined}
      alt={alt}
      onError={() => src && setFailedSrc(src)}
    />
  );
}
