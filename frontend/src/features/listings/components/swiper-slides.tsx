import { useState, type CSSProperties } from 'react';
import { A11y, Keyboard, Navigation, Pagination, Zoom } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import 'swiper/css/zoom';
import { useTranslation } from '../../../lib/i18n';
import { ListingPhoto } from '../../../components/listing-photo';
import { dot, DOT_COLOR, MAX_DOTS, SHOWN_DOT_COLOR, slideAlt, slideSources, type ImageSliderProps } from './slides';

/** A finger's target (WCAG 2.5.5): arrows and dots are at least 44 by 44 px. */
const TOUCH_TARGET = '44px';

/** Round white arrows, readable on any photo; the padding keeps the icon small in the 44 px target. */
const ARROWS =
  '[&_.swiper-button-next]:rounded-full [&_.swiper-button-next]:bg-white/90 [&_.swiper-button-next]:p-3.5 [&_.swiper-button-next]:shadow ' +
  '[&_.swiper-button-prev]:rounded-full [&_.swiper-button-prev]:bg-white/90 [&_.swiper-button-prev]:p-3.5 [&_.swiper-button-prev]:shadow';

/**
 * The photos in Swiper, for zooming: it takes the gallery's place at the photo zoomed, already
 * zoomed in (the double tap or pinch that asked for it is over), and keeps paging as the gallery did.
 */
export default function SwiperSlides({ images, name, className, initialSlide }: ImageSliderProps & { className: string; initialSlide: number }) {
  const { t } = useTranslation('listings');
  // The slide zoomed in shows the large photo, not the phone's 800 px copy enlarged.
  const [zoomedSlide, setZoomedSlide] = useState(initialSlide);
  return (
    <Swiper
      modules={[Navigation, Pagination, Zoom, Keyboard, A11y]}
      initialSlide={initialSlide}
      onInit={(swiper) => swiper.zoom.in()}
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
          '--swiper-theme-color': SHOWN_DOT_COLOR,
          '--swiper-navigation-size': TOUCH_TARGET,
          '--swiper-pagination-bullet-size': TOUCH_TARGET,
          '--swiper-pagination-bullet-width': TOUCH_TARGET,
          '--swiper-pagination-bullet-height': TOUCH_TARGET,
          '--swiper-pagination-bullet-horizontal-gap': '0px',
          '--swiper-pagination-bullet-inactive-color': dot(DOT_COLOR),
          '--swiper-pagination-bullet-inactive-opacity': '1',
          '--swiper-pagination-color': dot(SHOWN_DOT_COLOR),
          '--swiper-pagination-bottom': '0px',
        } as CSSProperties
      }
    >
      {images.map((image, index) => (
        <SwiperSlide key={image._id}>
          {({ isActive }) => (
            <div className="swiper-zoom-container" aria-current={isActive}>
              <ListingPhoto
                {...(zoomedSlide === index ? { src: image.location } : slideSources(image))}
                alt={slideAlt(t, name, index, images.length)}
                loading={index === initialSlide ? 'eager' : 'lazy'}
                className="h-full w-full object-contain"
              />
            </div>
          )}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
