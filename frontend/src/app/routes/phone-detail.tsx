import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';

function ListingDetailPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.phone')}>{t('pages.phone')}</PageTitle>;
}

export { ListingDetailPage as Component };
