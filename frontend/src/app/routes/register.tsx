import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';

function RegisterPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.register')}>{t('pages.register')}</PageTitle>;
}

export { RegisterPage as Component };
