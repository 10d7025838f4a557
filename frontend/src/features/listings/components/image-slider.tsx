import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ListingPhoto } from '../../../components/listing-photo';
import { dot, DOT_COLOR, MAX_DOTS, SHOWN_DOT_COLOR, slideAlt, slideSources, type ImageSliderProps } from './slides';

const FRAME = 'aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-100';

/**
 * Swiper (30 KB) is fetched only to zoom a photo: loaded with the page, it was the phone's longest
 * main-thread task after the photo (Lighthouse 93, 96 without it). Swipes are the browser's own scrolling.
 */
const loadSwiper = () => import('./swiper-slides');
const SwiperSlides = lazy(loadSwiper);

/** Round white 44 px arrows, readable on any photo; faded at the first and the last photo. */
const ARROW =
  'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 aria-disabled:cursor-auto aria-disabled:opacity-35';

function Chevron({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" className={`h-4 w-4 ${className}`} fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="M6 2.5 11.5 8 6 13.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The photos side by side in a strip that snaps to each: swipe (the browser's scrolling), arrows,
 * dots or arrow keys; the photo shown follows the scroll position. Double tap or pinch asks to zoom.
 */
function Gallery({ images, name, onZoom }: ImageSliderProps & { onZoom: (index: number) => void }) {
  const { t } = useTranslation('listings');
  const strip = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  const last = images.length - 1;
  // Smooth unless the visitor asked for reduced motion (the strip's scroll-behavior).
  const show = (index: number) => {
    const element = strip.current;
    if (element) element.scrollTo({ left: Math.max(0, Math.min(last, index)) * element.clientWidth });
  };
  const showByKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    show(shown + step);
  };
  return (
    <div className={`relative ${FRAME}`}>
      <div
        ref={strip}
        tabIndex={0}
        onScroll={(event) => setShown(Math.round(event.currentTarget.scrollLeft / (event.currentTarget.clientWidth || 1)))}
        onKeyDown={showByKey}
        onDoubleClick={() => onZoom(shown)}
        onTouchStart={(event) => event.touches.length === 2 && onZoom(shown)}
        // Pinching the strip zooms the photo, not the page.
        className="flex h-full touch-pan-x touch-pan-y snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 motion-safe:scroll-smooth [&::-webkit-scrollbar]:hidden"
      >
        {images.map((image, index) => (
          <div key={image._id} aria-current={index === shown} className="h-full w-full shrink-0 snap-center snap-always">
            <ListingPhoto
              {...slideSources(image)}
              alt={slideAlt(t, name, index, images.length)}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              className="h-full w-full object-contain"
            />
          </div>
        ))}
      </div>
      {images.length > 1 && (
        <>
          <button type="button" aria-label={t('slider.previous')} aria-disabled={shown === 0} onClick={() => show(shown - 1)} className={`${ARROW} left-1`}>
            <Chevron className="rotate-180" />
          </button>
          <button type="button" aria-label={t('slider.next')} aria-disabled={shown === last} onClick={() => show(shown + 1)} className={`${ARROW} right-1`}>
            <Chevron />
          </button>
          {images.length > MAX_DOTS ? (
            <p className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-white/90 px-2.5 text-sm text-slate-800">
              {shown + 1} / {images.length}
            </p>
          ) : (
            <div className="absolute inset-x-0 bottom-0 flex justify-center">
              {images.map((image, index) => (
                <button
                  key={image._id}
                  type="button"
                  aria-label={t('slider.goTo', { index: index + 1 })}
                  aria-current={index === shown}
                  onClick={() => show(index)}
                  className="h-11 w-11 focus-visible:outline-2 focus-visible:-outline-offset-8 focus-visible:outline-brand-600"
                  style={{ background: dot(index === shown ? SHOWN_DOT_COLOR : DOT_COLOR) }}
                />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** The detail page's photos (spec section 2): swipe or arrows, dots, double tap or pinch to zoom. */
export function ImageSlider({ images, name }: ImageSliderProps) {
  const { t } = useTranslation('listings');
  // The photo zoomed: from then on Swiper shows the photos.
  const [zoomed, setZoomed] = useState<number | null>(null);
  if (images.length === 0) {
    return <ListingPhoto src={null} alt={t('slider.noPhoto', { name })} className={`${FRAME} object-contain`} />;
  }
  // Swiper takes the gallery's place once its code has arrived; offline, when it cannot, the gallery stays.
  const zoom = (index: number) => loadSwiper().then(() => setZoomed(index), () => undefined);
  return (
    <Suspense>
      {zoomed === null ? (
        <Gallery images={images} name={name} onZoom={zoom} />
      ) : (
        <SwiperSlides images={images} name={name} className={FRAME} initialSlide={zoomed} />
      )}
    </Suspense>
  );
}
