import { catalogueModelBodySchema, type ModerationCard } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { errorText, FormError } from '../../../components/form/form-error';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useAddCatalogueModel } from '../api/add-catalogue-model';

const secondaryButtonClass =
  'rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

interface CatalogueModelDialogProps {
  listing: ModerationCard & { customModel: NonNullable<ModerationCard['customModel']> };
  onClose: () => void;
}

/** 'Katalogga qo'shish': the typed model joins the catalogue under the listing's brand, with the name the admin corrects if need be. */
export function CatalogueModelDialog({ listing, onClose }: CatalogueModelDialogProps) {
  const { t } = useTranslation('moderation');
  const add = useAddCatalogueModel();
  const form = useZodForm(catalogueModelBodySchema, { name: listing.customModel.name });

  const submit = () => {
    const body = form.submit();
    if (!body) return;
    add.mutate(
      { listingId: listing._id, ...body },
      { onSuccess: onClose, onError: form.showServerFields },
    );
  };
  // A refusal the name field shows (name taken) is not repeated under the form.
  const refusal = add.error instanceof ApiError && Object.keys(add.error.fields).length ? null : add.error && errorText(add.error);

  return (
    <Dialog title={t('customModel.addModelTitle')} closeLabel={t('customModel.cancel')} onClose={onClose}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-sm text-slate-600">
          {t('customModel.brand')}: <span className="font-medium text-slate-900">{listing.customModel.brand}</span>
        </p>
        <TextField label={t('customModel.modelName')} value={form.values.name} onChange={(name) => form.setValue('name', name)} error={form.errors.name} maxLength={100} />
        <FormError message={refusal} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('customModel.cancel')}
          </button>
          <button type="submit" disabled={add.isPending} aria-busy={add.isPending} className={primaryButtonClass}>
            {add.isPending ? t('busy') : t('customModel.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
