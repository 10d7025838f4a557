import { useState, type ImgHTMLAttributes } from 'react';
import { LIMITS } from '@market/contracts';

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

const { width, height } = LIMITS.cardImageBox;

/**
 * The photo of a listing's card (a draft's too) in the box every card gives it, loaded as it
 * scrolls into view; `eager` for the cards on the first screen, whose photo is the page's largest paint.
 */
export function CardPhoto({ src, alt, eager = false }: { src: string | null | undefined; alt: string; eager?: boolean }) {
  return (
    <div className="shrink-0 overflow-hidden rounded-lg bg-slate-100" style={{ width, height }}>
      <ListingPhoto src={src} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} className="h-full w-full object-cover" />
    </div>
  );
}
