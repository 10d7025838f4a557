import { lazy, Suspense, useState } from 'react';
import 'swiper/css';
import { useTranslation } from '../../../lib/i18n';
import { ListingPhoto } from '../../../components/listing-photo';
import { slideAlt, slideSources, type ImageSliderProps } from './slides';

const FRAME = 'aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-100';

/**
 * Swiper is a third of the page's code: the photos show without it, and its code is fetched
 * once the first photo is on screen (not competing with it for a phone's bandwidth).
 */
const SwiperSlides = lazy(() => import('./swiper-slides'));

/**
 * The photos laid out as Swiper lays them out (its own stylesheet), the first one on screen:
 * what the page shows until Swiper's code has arrived.
 */
function StaticSlides({ images, name, onFirstShown }: ImageSliderProps & { onFirstShown?: () => void }) {
  const { t } = useTranslation('listings');
  return (
    <div className={`swiper ${FRAME}`}>
      <div className="swiper-wrapper">
        {images.map((image, index) => (
          <div key={image._id} className="swiper-slide">
            <div className="swiper-zoom-container">
              <ListingPhoto
                {...slideSources(image)}
                alt={slideAlt(t, name, index, images.length)}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                onLoad={index === 0 ? onFirstShown : undefined}
                className="h-full w-full object-contain"
              />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The detail page's photos (spec section 2): swipe or arrows, dots, double tap or pinch to zoom. */
export function ImageSlider({ images, name }: ImageSliderProps) {
  const { t } = useTranslation('listings');
  const [firstShown, setFirstShown] = useState(false);
  if (images.length === 0) {
    return <ListingPhoto src={null} alt={t('slider.noPhoto', { name })} className={`${FRAME} object-contain`} />;
  }
  const staticSlides = <StaticSlides images={images} name={name} onFirstShown={() => setFirstShown(true)} />;
  if (!firstShown) return staticSlides;
  return (
    <Suspense fallback={staticSlides}>
      <SwiperSlides images={images} name={name} className={FRAME} />
    </Suspense>
  );
}
