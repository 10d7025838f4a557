import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';

function ForgotPasswordPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.forgot')}>{t('pages.forgot')}</PageTitle>;
}

export { ForgotPasswordPage as Component };
