import type { Category } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { errorText, FormError } from '../../../components/form/form-error';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDeleteCategory } from '../api/delete-category';

/**
 * 'Positionni o'chirish'. A refusal (the category still has devices or listings) shows the
 * server's reason in red and keeps the dialog open.
 */
export function DeleteCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const { t } = useTranslation(['catalogue-admin', 'messages']);
  const deletion = useDeleteCategory();

  const confirm = () =>
    deletion.mutate(category._id, {
      onSuccess: () => {
        toast.success(t('messages:categoryDeleted'));
        onClose();
      },
    });
  const close = () => !deletion.isPending && onClose();

  return (
    <Dialog title={t('deleteDialog.title')} description={t('deleteDialog.text')} onClose={close}>
      <FormError message={deletion.isError ? errorText(deletion.error) : null} />
      <div className="mt-5 flex justify-end gap-3">
        <button
          type="button"
          onClick={close}
          disabled={deletion.isPending}
          className="rounded-lg border border-slate-300 px-4 py-2.5 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          {t('deleteDialog.no')}
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={deletion.isPending}
          className="rounded-lg bg-red-600 px-4 py-2.5 font-medium text-white hover:bg-red-700 disabled:opacity-60"
        >
          {deletion.isPending ? t('deleteDialog.deleting') : t('deleteDialog.yes')}
        </button>
      </div>
    </Dialog>
  );
}
