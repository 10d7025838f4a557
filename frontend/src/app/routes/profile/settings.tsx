import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

function SettingsPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.settings')}>{t('pages.settings')}</PageTitle>;
}

export { SettingsPage as Component };
