import type { CSSProperties } from 'react';
import { A11y, Keyboard, Navigation, Pagination, Zoom } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import 'swiper/css/zoom';
import { useTranslation } from '../../../lib/i18n';
import { ListingPhoto } from './listing-photo';
import { slideAlt, slideSources, type ImageSliderProps } from './slides';

/** Round white arrows, readable on any photo. */
const ARROWS =
  '[&_.swiper-button-next]:h-10 [&_.swiper-button-next]:w-10 [&_.swiper-button-next]:rounded-full [&_.swiper-button-next]:bg-white/90 [&_.swiper-button-next]:shadow ' +
  '[&_.swiper-button-prev]:h-10 [&_.swiper-button-prev]:w-10 [&_.swiper-button-prev]:rounded-full [&_.swiper-button-prev]:bg-white/90 [&_.swiper-button-prev]:shadow';

/** The photos in Swiper: swipe or arrows, dots, double tap or pinch to zoom. */
export default function SwiperSlides({ images, name, className }: ImageSliderProps & { className: string }) {
  const { t } = useTranslation('listings');
  return (
    <Swiper
      modules={[Navigation, Pagination, Zoom, Keyboard, A11y]}
      navigation
      pagination={{ clickable: true }}
      zoom
      keyboard={{ enabled: true }}
      a11y={{
        containerMessage: t('slider.label', { name }),
        prevSlideMessage: t('slider.previous'),
        nextSlideMessage: t('slider.next'),
        // Swiper puts the bullet's number in place of {{index}}.
        paginationBulletMessage: t('slider.goTo', { index: '{{index}}' }),
      }}
      className={`${className} ${ARROWS}`}
      style={{ '--swiper-theme-color': 'var(--color-brand-700)', '--swiper-navigation-size': '18px' } as CSSProperties}
    >
      {images.map((image, index) => (
        <SwiperSlide key={image._id}>
          <div className="swiper-zoom-container">
            <ListingPhoto
              {...slideSources(image)}
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
