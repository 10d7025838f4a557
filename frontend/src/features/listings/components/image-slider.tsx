import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';
import { ListingPhoto } from '../../../components/listing-photo';
import { dot, DOT_COLOR, MAX_DOTS, SHOWN_DOT_COLOR, slideAlt, slideSources, type ImageSliderProps } from './slides';
import { lazyWhenOnline } from '../../../lib/load-chunk';

const FRAME = 'aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-100';

/**
 * The full-screen viewer and Swiper (30 KB) are fetched only when a photo is opened: loaded with the
 * page, Swiper was the phone's longest main-thread task after the photo (Lighthouse 93, 96 without
 * it). Swipes in the gallery are the browser's own scrolling.
 */
const loadViewer = () => import('./photo-viewer');
const PhotoViewer = lazyWhenOnline(loadViewer);

/** The viewer's place in the page's history: open while the entry is, so the back button closes it. */
interface ViewerEntry {
  photo: number;
  zoomedIn: boolean;
}

function viewerEntryOf(state: unknown): ViewerEntry | undefined {
  const entry = (state as { viewer?: ViewerEntry } | null)?.viewer;
  return entry && typeof entry.photo === 'number' ? entry : undefined;
}

/** Round white 44 px arrows, readable on any photo; faded at the first and the last photo. */
const ARROW =
  'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 aria-disabled:cursor-auto aria-disabled:opacity-35';

const EXPAND =
  'absolute top-1 right-1 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow focus-visible:outline-2 focus-visible:outline-brand-600';

function Chevron({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" className={`h-4 w-4 ${className}`} fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="M6 2.5 11.5 8 6 13.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Expand() {
  return (
    <svg viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M10 2.5h3.5V6M6 13.5H2.5V10M13.5 2.5 9 7M2.5 13.5 7 9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The photos side by side in a strip that snaps to each: swipe (the browser's scrolling), arrows,
 * dots or arrow keys; the photo shown follows the scroll position. A tap, a click, Enter or the
 * expand button opens it full screen; a pinch opens it zoomed in.
 */
function Gallery({ images, name, onOpen }: ImageSliderProps & { onOpen: (index: number, zoomedIn: boolean) => void }) {
  const { t } = useTranslation('listing-page');
  const strip = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  const last = images.length - 1;
  // Smooth unless the visitor asked for reduced motion (the strip's scroll-behavior).
  const show = (index: number) => {
    const element = strip.current;
    if (element) element.scrollTo({ left: Math.max(0, Math.min(last, index)) * element.clientWidth });
  };
  const showByKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter') return onOpen(shown, false);
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
        onClick={() => onOpen(shown, false)}
        onTouchStart={(event) => event.touches.length === 2 && onOpen(shown, true)}
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
      <button type="button" aria-label={t('viewer.open')} onClick={() => onOpen(shown, false)} className={EXPAND}>
        <Expand />
      </button>
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

/** The detail page's photos (spec section 2): swipe or arrows, dots; opened full screen to zoom. */
export function ImageSlider({ images, name }: ImageSliderProps) {
  const { t } = useTranslation('listing-page');
  const location = useLocation();
  const navigate = useNavigate();
  const viewer = viewerEntryOf(location.state);
  // Opened on this page: closing goes back over its history entry. An entry kept across a reload is replaced instead.
  const openedHere = useRef(false);
  if (images.length === 0) {
    return <ListingPhoto src={null} alt={t('slider.noPhoto', { name })} className={`${FRAME} object-contain`} />;
  }
  // Opened once its code has arrived; offline, when it cannot, the gallery stays as it was.
  const open = (photo: number, zoomedIn: boolean) =>
    loadViewer().then(() => {
      openedHere.current = true;
      void navigate(location, { state: { ...(location.state as object | null), viewer: { photo, zoomedIn } } });
    }, () => undefined);
  const close = () => {
    if (openedHere.current) return void navigate(-1);
    void navigate(location, { replace: true, state: { ...(location.state as object | null), viewer: undefined } });
  };
  return (
    <>
      <Gallery images={images} name={name} onOpen={open} />
      {viewer && (
        <Suspense>
          <PhotoViewer images={images} name={name} initialSlide={Math.min(viewer.photo, images.length - 1)} zoomedIn={viewer.zoomedIn} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
