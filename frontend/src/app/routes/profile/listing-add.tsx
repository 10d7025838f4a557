import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

function AddListingPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.addListing')}>{t('pages.addListing')}</PageTitle>;
}

export { AddListingPage as Component };
