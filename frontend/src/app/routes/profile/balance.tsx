import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

function BalancePage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.balance')}>{t('pages.balance')}</PageTitle>;
}

export { BalancePage as Component };
