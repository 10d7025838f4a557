import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

function CategoriesAdminPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.categories')}>{t('pages.categories')}</PageTitle>;
}

export { CategoriesAdminPage as Component };
