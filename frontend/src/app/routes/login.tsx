import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';

function LoginPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.login')}>{t('pages.login')}</PageTitle>;
}

export { LoginPage as Component };
