import { useState, type CSSProperties } from 'react';
import { A11y, Keyboard, Navigation, Pagination, Zoom } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import 'swiper/css/zoom';
import { useTranslation } from '../../../lib/i18n';
import { ListingPhoto } from '../../../components/listing-photo';
import { slideAlt, slideSources, type ImageSliderProps } from './slides';

/** A finger's target (WCAG 2.5.5): arrows and dots are at least 44 by 44 px. */
const TOUCH_TARGET = '44px';

/**
 * Dots as 44 px targets side by side fit a phone's 328 px slider seven times; a listing of more
 * photos (eight at most) counts them ('3 / 8') and is paged with the arrows and swipes.
 */
const MAX_DOTS = 7;

/** Round white arrows, readable on any photo; the padding keeps the icon small in the 44 px target. */
const ARROWS =
  '[&_.swiper-button-next]:rounded-full [&_.swiper-button-next]:bg-white/90 [&_.swiper-button-next]:p-3.5 [&_.swiper-button-next]:shadow ' +
  '[&_.swiper-button-prev]:rounded-full [&_.swiper-button-prev]:bg-white/90 [&_.swiper-button-prev]:p-3.5 [&_.swiper-button-prev]:shadow';

/** An 8 px dot drawn in the middle of its 44 px target. */
const dot = (color: string) => `radial-gradient(circle, ${color} 4px, transparent 4.5px)`;

/** The photos in Swiper: swipe or arrows, dots, double tap or pinch to zoom. */
export default function SwiperSlides({ images, name, className }: ImageSliderProps & { className: string }) {
  const { t } = useTranslation('listings');
  // The slide zoomed in shows the large photo, not the phone's 800 px copy enlarged.
  const [zoomedSlide, setZoomedSlide] = useState<number | null>(null);
  return (
    <Swiper
      modules={[Navigation, Pagination, Zoom, Keyboard, A11y]}
      navigation
      pagination={images.length > MAX_DOTS ? { type: 'fraction' } : { clickable: true }}
      zoom
      onZoomChange={(swiper, scale) => {
        if (scale > 1) setZoomedSlide(swiper.activeIndex);
      }}
      keyboard={{ enabled: true }}
      a11y={{
        prevSlideMessage: t('slider.previous'),
        nextSlideMessage: t('slider.next'),
        // Swiper puts the bullet's number in place of {{index}}.
        paginationBulletMessage: t('slider.goTo', { index: '{{index}}' }),
      }}
      className={`${className} ${ARROWS}`}
      style={
        {
          '--swiper-theme-color': 'var(--color-brand-700)',
          '--swiper-navigation-size': TOUCH_TARGET,
          '--swiper-pagination-bullet-size': TOUCH_TARGET,
          '--swiper-pagination-bullet-width': TOUCH_TARGET,
          '--swiper-pagination-bullet-height': TOUCH_TARGET,
          '--swiper-pagination-bullet-horizontal-gap': '0px',
          '--swiper-pagination-bullet-inactive-color': dot('rgb(0 0 0 / 0.45)'),
          '--swiper-pagination-bullet-inactive-opacity': '1',
          '--swiper-pagination-color': dot('var(--color-brand-700)'),
          '--swiper-pagination-bottom': '0px',
        } as CSSProperties
      }
    >
      {images.map((image, index) => (
        <SwiperSlide key={image._id}>
          <div className="swiper-zoom-container">
            <ListingPhoto
              {...(zoomedSlide === index ? { src: image.location } : slideSources(image))}
              alt={slideAlt(t, name, index, images.length)}
              loading={index === 0 ? 'eager' : 'lazy'}
              className="h-full w-full object-contain"
            />
          </div>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
