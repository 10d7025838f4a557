import type { ReactNode } from 'react';
import { useSession } from '../lib/auth';
import { useTranslation } from '../lib/i18n';
import { FullScreenLoader } from './full-screen-loader';
import { PageTitle } from './page-title';

/** An admins' page: the loader while the session is read, then the page, or 'not found' with `forbidden` for anyone else. */
export function AdminOnly({ forbidden, children }: { forbidden: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { isAdmin, loading } = useSession();
  if (loading) return <FullScreenLoader />;
  if (!isAdmin) {
    return (
      <div className="py-16 text-center">
        <PageTitle documentTitle={t('notFound')}>{t('notFound')}</PageTitle>
        <p className="text-slate-600">{forbidden}</p>
      </div>
    );
  }
  return children;
}
