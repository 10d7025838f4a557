import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';

interface DeleteListingDialogProps {
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The spec's delete confirmation (section 2) on the native <dialog>: the browser keeps the
 * focus inside, makes the page behind inert and closes it with Escape (not while busy).
 * 'Bekor qilish' comes first, so the focus starts on the safe choice. Render it only while open.
 */
export function DeleteListingDialog({ busy, onConfirm, onClose }: DeleteListingDialogProps) {
  const { t } = useTranslation('sell');
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current!;
    dialog.showModal();
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="delete-listing-title"
      aria-describedby="delete-listing-text"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="delete-listing-title" className="text-lg font-semibold">
        {t('deleteDialog.title')}
      </h2>
      <p id="delete-listing-text" className="mt-2 text-slate-700">
        {t('deleteDialog.text')}
      </p>
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
    </dialog>
  );
}
