import { PageTitle } from '../../../components/page-title';
import { useTranslation } from '../../../lib/i18n';

/** The parts of the terms, in the order they are read. */
const SECTIONS = ['account', 'listings', 'moderation', 'payments', 'privacy'] as const;

/** `/terms`: what the sign-up checkbox agrees to (issue 19). */
export function TermsPage() {
  const { t } = useTranslation('auth');
  return (
    <article className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <PageTitle documentTitle={t('terms.title')}>{t('terms.title')}</PageTitle>
      <p className="mb-6 text-slate-700">{t('terms.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section} className="mb-5">
          <h2 className="mb-1 text-lg font-semibold text-slate-900">{t(`terms.${section}.title`)}</h2>
          <p className="text-slate-700">{t(`terms.${section}.text`)}</p>
        </section>
      ))}
    </article>
  );
}
