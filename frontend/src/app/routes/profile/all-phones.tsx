import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

function AllPhonesPage() {
  const { t } = useTranslation();
  return <PageTitle documentTitle={t('pages.allPhones')}>{t('pages.allPhones')}</PageTitle>;
}

export { AllPhonesPage as Component };
