import { Dialog } from '../../../components/dialog';
import { useTranslation } from '../../../lib/i18n';

interface DeleteListingDialogProps {
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The spec's delete confirmation (section 2); Escape closes it, not while busy. 'Bekor qilish'
 * comes first, so the focus starts on the safe choice. Render it only while open.
 */
export function DeleteListingDialog({ busy, onConfirm, onClose }: DeleteListingDialogProps) {
  const { t } = useTranslation('sell');
  return (
    <Dialog title={t('deleteDialog.title')} description={t('deleteDialog.text')} onClose={() => !busy && onClose()} size="md">
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          {t('deleteDialog.cancel')}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
          className="rounded-lg bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60"
        >
          {busy ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
