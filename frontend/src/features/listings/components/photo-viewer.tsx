import { useEffect, useRef, useState, type WheelEvent } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Keyboard, Navigation, Zoom } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/zoom';
import type { ListingPhoto as ListingPhotoData } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';
import { ListingPhoto } from '../../../components/listing-photo';
import { slideAlt, slideSources, type ImageSliderProps } from './slides';

/** How far a pinch, a double tap or the wheel zooms in: the 1600 px photo at three times the screen's width of a phone. */
const MAX_ZOOM = 3;

/** Round white 44 px arrows (WCAG 2.5.5), readable on any photo; the padding keeps the icon small in the target. */
const ARROWS =
  '[--swiper-navigation-size:44px] [--swiper-navigation-color:var(--color-brand-700)] ' +
  '[&_.swiper-button-next]:rounded-full [&_.swiper-button-next]:bg-white/90 [&_.swiper-button-next]:p-3.5 [&_.swiper-button-next]:shadow ' +
  '[&_.swiper-button-prev]:rounded-full [&_.swiper-button-prev]:bg-white/90 [&_.swiper-button-prev]:p-3.5 [&_.swiper-button-prev]:shadow';

export interface PhotoViewerProps extends ImageSliderProps {
  initialSlide: number;
  /** Opened by a pinch: start zoomed in. */
  zoomedIn: boolean;
  onClose: () => void;
}

/**
 * A photo zoomed in shows the large copy; until then the copy the gallery showed, which a phone
 * offline already has. When the large copy cannot be fetched (offline, not seen before), the seen one stays.
 */
function ViewerPhoto({ image, alt, large, eager }: { image: ListingPhotoData; alt: string; large: boolean; eager: boolean }) {
  const [largeFailed, setLargeFailed] = useState(false);
  const className = 'h-full w-full object-contain';
  const loading = eager ? 'eager' : 'lazy';
  if (large && !largeFailed) return <img src={image.location} alt={alt} loading={loading} onError={() => setLargeFailed(true)} className={className} />;
  return <ListingPhoto {...slideSources(image)} alt={alt} loading={loading} className={className} />;
}

/**
 * The listing's photos full screen, for inspecting scratches (issue 36): swipe or arrow keys between
 * them, pinch, double tap or the wheel to zoom into the large copy, the count on top, Escape or × to
 * leave (the browser's back too: the page opened it as a history entry). Loaded when first opened.
 */
export default function PhotoViewer({ images, name, initialSlide, zoomedIn, onClose }: PhotoViewerProps) {
  const { t } = useTranslation('listing-page');
  const dialog = useRef<HTMLDialogElement>(null);
  const swiper = useRef<SwiperInstance>(null);
  const [shown, setShown] = useState(initialSlide);
  // The slides zoomed in at least once: they keep the large copy.
  const [zoomed, setZoomed] = useState<ReadonlySet<number>>(() => new Set(zoomedIn ? [initialSlide] : []));

  useEffect(() => {
    const element = dialog.current!;
    const returnFocusTo = document.activeElement as HTMLElement | null;
    element.showModal();
    // Swiper measured the dialog before it was shown (its effects run first): measure again, then zoom.
    swiper.current?.update();
    if (zoomedIn) swiper.current?.zoom.in(MAX_ZOOM);
    return () => {
      element.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [zoomedIn]);

  const zoomByWheel = (event: WheelEvent) => {
    if (event.deltaY === 0 || !swiper.current) return;
    if (event.deltaY < 0) swiper.current.zoom.in(MAX_ZOOM);
    else swiper.current.zoom.out();
  };

  return (
    <dialog
      ref={dialog}
      aria-label={t('viewer.label', { name })}
      // Escape: the page closes it, going back in history as the back button does.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-black p-0 text-white backdrop:bg-black"
    >
      <div className="absolute inset-x-0 top-0 z-20 flex items-center justify-between bg-black/50 pl-4">
        <p aria-live="polite" className="text-sm font-medium">
          {t('viewer.count', { index: shown + 1, count: images.length })}
        </p>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('viewer.close')}
          className="flex h-12 w-12 items-center justify-center text-3xl leading-none focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white"
        >
          <span aria-hidden>×</span>
        </button>
      </div>
      {/* Swiper takes every on* property for its own events: the wheel is listened to around it. */}
      <div onWheel={zoomByWheel} className="h-full w-full">
        <Swiper
          modules={[Navigation, Zoom, Keyboard, A11y]}
          initialSlide={initialSlide}
          onSwiper={(instance) => {
            swiper.current = instance;
          }}
          onSlideChange={(instance) => setShown(instance.activeIndex)}
          onZoomChange={(instance, scale) => {
            if (scale > 1) setZoomed((slides) => new Set(slides).add(instance.activeIndex));
          }}
          navigation={images.length > 1}
          zoom={{ maxRatio: MAX_ZOOM }}
          keyboard={{ enabled: true }}
          a11y={{ prevSlideMessage: t('slider.previous'), nextSlideMessage: t('slider.next') }}
          className={`h-full w-full ${ARROWS}`}
        >
          {images.map((image, index) => (
            <SwiperSlide key={image._id}>
              {({ isActive }) => (
                <div className="swiper-zoom-container" aria-current={isActive}>
                  <ViewerPhoto image={image} alt={slideAlt(t, name, index, images.length)} large={zoomed.has(index)} eager={index === initialSlide} />
                </div>
              )}
            </SwiperSlide>
          ))}
        </Swiper>
      </div>
    </dialog>
  );
}
