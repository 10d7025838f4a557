import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, Keyboard, Navigation, Pagination, Zoom } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import 'swiper/css/zoom';
import type { ListingImage } from '@market/contracts';
import { ListingPhoto } from './listing-photo';

export interface ImageSliderProps {
  images: ListingImage[];
  /** The listing's name, for the photos' alt texts. */
  name: string;
}

const FRAME = 'aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-100';
/** Round white arrows, readable on any photo. */
const ARROWS =
  '[&_.swiper-button-next]:h-10 [&_.swiper-button-next]:w-10 [&_.swiper-button-next]:rounded-full [&_.swiper-button-next]:bg-white/90 [&_.swiper-button-next]:shadow ' +
  '[&_.swiper-button-prev]:h-10 [&_.swiper-button-prev]:w-10 [&_.swiper-button-prev]:rounded-full [&_.swiper-button-prev]:bg-white/90 [&_.swiper-button-prev]:shadow';

/** The detail page's photos (spec section 2): swipe or arrows, dots, double tap or pinch to zoom. */
export function ImageSlider({ images, name }: ImageSliderProps) {
  const { t } = useTranslation('listings');
  if (images.length === 0) {
    return <ListingPhoto src={null} alt={t('slider.noPhoto', { name })} className={`${FRAME} object-contain`} />;
  }
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
      className={`${FRAME} ${ARROWS}`}
      style={{ '--swiper-theme-color': 'var(--color-brand-700)', '--swiper-navigation-size': '18px' } as CSSProperties}
    >
      {images.map((image, index) => (
        <SwiperSlide key={image._id}>
          <div className="swiper-zoom-container">
            <ListingPhoto
              src={image.location}
              alt={t('slider.photoAlt', { name, index: index + 1, count: images.length })}
              loading={index === 0 ? 'eager' : 'lazy'}
              className="h-full w-full object-contain"
            />
          </div>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
