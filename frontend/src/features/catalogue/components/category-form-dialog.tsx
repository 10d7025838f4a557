import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { brandsWithSeries, categoryBodySchema, type Category, type ImageRef } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { errorText, FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { inputClass } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { useUploadCategoryImage } from '../api/upload-category-image';

interface CategoryFormValues {
  name: string;
  color: string;
  description: string;
  /** As typed; the schema turns it into a number. */
  number: string;
  image: ImageRef | null;
  /** The brand it is a series of; '' for a brand of its own. */
  parent: string;
}

type FieldName = keyof CategoryFormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const DEFAULT_COLOR = '#0f766e';

function initialValues(category: Category | undefined, nextNumber: number): CategoryFormValues {
  return {
    name: category?.name ?? '',
    color: category?.color.toLowerCase() ?? DEFAULT_COLOR,
    description: category?.description ?? '',
    number: String(category?.number ?? nextNumber),
    image: category?.image ?? null,
    parent: category?.parent ?? '',
  };
}

interface CategoryFormDialogProps {
  /** The category to edit; absent to create one. */
  category?: Category;
  /** Proposed order number of a new category. */
  nextNumber: number;
  /** Every category: the brands a series may belong to. */
  categories: Category[];
  onClose: () => void;
}

/** 'Position qo'shish' / 'Position o'zgartirish': create with POST, edit with PUT; the list updates on success. */
export function CategoryFormDialog({ category, nextNumber, categories, onClose }: CategoryFormDialogProps) {
  const { t } = useTranslation(['catalogue-admin', 'messages']);
  const [values, setValues] = useState(() => initialValues(category, nextNumber));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const creation = useCreateCategory();
  const update = useUpdateCategory();
  const upload = useUploadCategoryImage();
  const saving = category ? update : creation;
  const formErrorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  // A series belongs to a brand of its own (one level), never to itself.
  const makers = brandsWithSeries(categories).filter(({ brand }) => brand._id !== category?._id);
  const change = (field: Exclude<FieldName, 'image'>) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const pickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again after removing it fires a change.
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, { onSuccess: (image) => setValues((current) => ({ ...current, image })) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = categoryBodySchema.safeParse({ ...values, image: values.image?._id ?? null, parent: values.parent || null });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    const onSuccess = () => {
      toast.success(t(category ? 'messages:categoryEdited' : 'messages:categoryAdded'));
      onClose();
    };
    // Field errors under their fields, except the one the message under the form already says.
    const onError = (error: Error) =>
      setFieldErrors(
        error instanceof ApiError
          ? Object.fromEntries(Object.entries(error.fields).filter(([, key]) => key !== error.envelope?.code))
          : {},
      );
    if (category) update.mutate({ id: category._id, body: parsed.data }, { onSuccess, onError });
    else creation.mutate(parsed.data, { onSuccess, onError });
  };

  const errorOf = (field: FieldName) => fieldErrors[field] && t(`messages:${fieldErrors[field]}`);

  return (
    <Dialog title={t(category ? 'form.editTitle' : 'form.createTitle')} closeLabel={t('form.close')} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-describedby={saving.isError ? formErrorId : undefined} className="space-y-4">
        <Field label={t('form.name')} error={errorOf('name')}>
          {(props) => <input {...props} type="text" value={values.name} onChange={change('name')} autoComplete="off" data-autofocus />}
        </Field>
        <div className="grid grid-cols-[auto_1fr] gap-4">
          <Field label={t('form.color')} error={errorOf('color')}>
            {(props) => (
              <input {...props} type="color" value={values.color} onChange={change('color')} className="h-11 w-16 cursor-pointer rounded-md border border-slate-300 bg-white p-1" />
            )}
          </Field>
          <Field label={t('form.number')} error={errorOf('number')}>
            {(props) => <input {...props} type="number" min={0} step={1} inputMode="numeric" value={values.number} onChange={change('number')} />}
          </Field>
        </div>
        <Field label={t('form.parent')} error={errorOf('parent')}>
          {(props) => (
            <select {...props} value={values.parent} onChange={change('parent')}>
              <option value="">{t('form.noParent')}</option>
              {makers.map(({ brand }) => (
                <option key={brand._id} value={brand._id}>
                  {brand.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('form.description')} error={errorOf('description')}>
          {(props) => <textarea {...props} rows={3} value={values.description} onChange={change('description')} />}
        </Field>
        <Field label={t('form.image')} error={upload.isError ? upload.error.message : errorOf('image')}>
          {(props) => (
            <div className="flex flex-wrap items-center gap-3">
              {values.image && (
                <>
                  <img
                    src={values.image.location}
                    alt={t('form.imageAlt', { name: values.name })}
                    className="h-16 w-16 rounded-lg border border-slate-200 object-contain"
                  />
                  <button
                    type="button"
                    onClick={() => setValues((current) => ({ ...current, image: null }))}
                    className="min-h-11 rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50"
                  >
                    {t('form.removeImage')}
                  </button>
                </>
              )}
              {/* The browser's own file button speaks the browser's language: a translated button opens it instead. */}
              <input ref={fileInput} {...props} type="file" accept="image/*" onChange={pickImage} tabIndex={-1} className="sr-only" />
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                aria-describedby={props['aria-describedby']}
                disabled={upload.isPending}
                className="min-h-11 rounded-lg bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100 disabled:opacity-60"
              >
                {t(values.image ? 'form.replaceImage' : 'form.chooseImage')}
              </button>
              {upload.isPending && (
                <p role="status" className="text-sm text-slate-600">
                  {t('form.uploading')}
                </p>
              )}
            </div>
          )}
        </Field>
        <FormError id={formErrorId} message={saving.isError ? errorText(saving.error) : null} />
        <div className="flex justify-end">
          <SubmitButton busy={saving.isPending} busyLabel={t('form.saving')} disabled={upload.isPending}>
            {t('form.save')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  className: string;
}

/** A label, its control and the field's error in red under it. */
function Field({ label, error, children }: { label: string; error?: string; children: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
        className: inputClass,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
