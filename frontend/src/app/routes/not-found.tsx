import { Link } from 'react-router-dom';
import { primaryButtonClass } from '../../components/form/submit-button';
import { useTranslation } from '../../lib/i18n';

/** Any unknown route: the spec's 'Error' heading, and a way back home (issue 19). */
function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="py-16 text-center">
      <h1 className="mb-6 text-3xl font-semibold">{t('notFound')}</h1>
      <Link to="/" className={`${primaryButtonClass} inline-block`}>
        {t('notFoundHome')}
      </Link>
    </div>
  );
}

export { NotFoundPage as Component };
