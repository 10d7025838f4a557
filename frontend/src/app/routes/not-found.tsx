import { useTranslation } from '../../lib/i18n';

/** Any unknown route: a bare 'Error' heading, as the spec shows. */
function NotFoundPage() {
  const { t } = useTranslation();
  return <h1 className="py-16 text-center text-3xl font-semibold">{t('notFound')}</h1>;
}

export { NotFoundPage as Component };
