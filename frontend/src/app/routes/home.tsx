import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';

function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <section className="mb-8 rounded-2xl bg-brand-700 px-6 py-10 text-white sm:px-10">
        <h2 className="text-2xl font-bold sm:text-3xl">{t('hero.title')}</h2>
        <p className="mt-2 max-w-xl text-brand-100">{t('hero.subtitle')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href="#listings" className="rounded-lg bg-white px-5 py-2.5 font-medium text-brand-800 hover:bg-brand-50">
            {t('hero.buy')}
          </a>
          <Link to="/profile/phone/add" className="rounded-lg border border-white px-5 py-2.5 font-medium hover:bg-brand-800">
            {t('hero.sell')}
          </Link>
        </div>
      </section>
      <section id="listings">
        <PageTitle documentTitle={t('pages.home')}>{t('pages.home')}</PageTitle>
      </section>
    </>
  );
}

export { HomePage as Component };
