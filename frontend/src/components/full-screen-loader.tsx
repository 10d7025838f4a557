import { useTranslation } from '../lib/i18n';

export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/80" role="status" aria-live="polite">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
