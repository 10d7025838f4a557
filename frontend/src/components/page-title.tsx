import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

/** The page's heading, also used as the document title. */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${documentTitle} | ${t('brand')}`;
  }, [documentTitle, t]);
  return <h1 className="mb-4 text-2xl font-semibold text-slate-900">{children}</h1>;
}
