import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

function EditListingPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.editListing')}>{t('pages.editListing')}</PageTitle>;
}

export { EditListingPage as Component };
