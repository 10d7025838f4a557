import { startTransition, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';
import type { BrandsStripProps } from './brands-strip';
import { lazyWhenOnline } from '../../../lib/load-chunk';

const BrandsStrip = lazyWhenOnline(() => import('./brands-strip'));

/** How far below the screen the section starts loading, so it is ready when scrolled to. */
const PRELOAD_MARGIN = '300px';

/**
 * The home page's brands (spec section 2: loaded lazily): the cards' code and the categories
 * are fetched only when the section comes near the screen.
 */
export function BrandsSection(props: BrandsStripProps) {
  const { t } = useTranslation('catalogue');
  const sectionRef = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  const headingId = useId();

  useEffect(() => {
    const section = sectionRef.current;
    if (near || !section) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Rendered in slices, as the strip's code and cards arrive: scrolling stays smooth.
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <div className="h-28" aria-hidden />;
  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="mb-4">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t('brands.title')}
        </h2>
        <Link to="/categories" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          {t('brands.all')}
        </Link>
      </div>
      {near ? (
        <Suspense fallback={placeholder}>
          <BrandsStrip {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
