import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';

function BrandsPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.categories')}>{t('pages.categories')}</PageTitle>;
}

export { BrandsPage as Component };
