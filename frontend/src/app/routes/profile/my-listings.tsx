import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

function MyListingsPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.myListings')}>{t('pages.myListings')}</PageTitle>;
}

export { MyListingsPage as Component };
