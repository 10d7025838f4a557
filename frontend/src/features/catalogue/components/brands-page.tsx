import { useEffect } from 'react';
import { brandsWithSeries } from '@market/contracts';
import { PageTitle } from '../../../components/page-title';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCategories } from '../api/get-categories';
import { BrandCard, BrandCardSkeletons } from './brand-card';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6';

/** `/categories`: every brand, for everyone; a card opens the home list filtered by it. */
export function BrandsPage() {
  const { t } = useTranslation('catalogue');
  const categories = useCategories();

  useEffect(() => {
    if (categories.isError) toast.error(categories.error.message, { toastId: 'categories-load' });
  }, [categories.isError, categories.error]);

  return (
    <section>
      <PageTitle documentTitle={t('common:pages.categories')}>{t('common:pages.categories')}</PageTitle>
      {categories.isPending ? (
        <div className={GRID} role="status" aria-label={t('common:loading')}>
          <BrandCardSkeletons count={12} className="h-36" />
        </div>
      ) : categories.isError ? (
        <p className="py-10 text-center text-red-700">{t('brands.loadFailed')}</p>
      ) : categories.data.length === 0 ? (
        <p className="py-10 text-center text-slate-600">{t('brands.empty')}</p>
      ) : (
        <ul className={GRID}>
          {/* Each brand stands for its series too (Xiaomi: Redmi, POCO): the series are picked on the home page. */}
          {brandsWithSeries(categories.data).map(({ brand }) => (
            <li key={brand._id}>
              <BrandCard category={brand} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
