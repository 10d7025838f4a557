import { useId } from 'react';
import { LIMITS } from '@market/contracts';
import { useTranslation } from '../../../../lib/i18n';
import { usePhotoUploads } from '../../hooks/use-photo-uploads';
import { useWizardStore, type WizardPhoto } from '../../stores/wizard-store';

/** Step 7: 1 to 8 photos, each compressed, uploaded with its progress shown, removable; the add tile goes at 8. */
export function PhotosStep() {
  const { t } = useTranslation(['sell', 'messages']);
  const inputId = useId();
  const photos = useWizardStore((state) => state.photos);
  // 'Kamida bitta rasm yuklang' is a toast (spec section 5); other refusals stay under the photos.
  const error = useWizardStore((state) => (state.errors.images === 'photosMin' ? undefined : state.errors.images));
  const refusal = useWizardStore((state) => state.photoRefusal);
  const { addFiles, remove } = usePhotoUploads();

  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">{t('photos.hint', { max: LIMITS.photosMax })}</p>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.localId}>
            <PhotoTile photo={photo} index={index} onRemove={() => remove(photo)} />
          </li>
        ))}
        {photos.length < LIMITS.photosMax && (
          <li>
            <label
              htmlFor={inputId}
              className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 bg-white text-center text-sm text-slate-600 hover:border-brand-600 hover:text-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <span aria-hidden className="text-3xl leading-none">
                +
              </span>
              <span>{t('photos.add')}</span>
              <span className="tabular-nums">
                {photos.length} / {LIMITS.photosMax}
              </span>
              <input
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                aria-describedby={[refusal && `${inputId}-refusal`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined}
                onChange={(event) => {
                  addFiles(Array.from(event.target.files ?? []));
                  // The same file may be picked again after it was removed.
                  event.target.value = '';
                }}
              />
            </label>
          </li>
        )}
      </ul>
      {refusal && (
        <p id={`${inputId}-refusal`} role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-2 py-1 text-sm break-words text-red-700">
          {refusal}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-2 rounded-md border border-red-200 bg-red-50 px-2 py-1 text-sm text-red-700">
          {t(`messages:${error}`)}
        </p>
      )}
    </div>
  );
}

function PhotoTile({ photo, index, onRemove }: { photo: WizardPhoto; index: number; onRemove: () => void }) {
  const { t } = useTranslation(['sell', 'messages']);
  const uploading = !photo.image;
  const source = photo.image?.location ?? photo.preview;
  const percent = Math.round(photo.progress * 100);
  return (
    <figure className="relative aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      {source && <img src={source} alt={t('photos.alt', { index: index + 1 })} className="h-full w-full object-cover" />}
      {uploading && (
        <div className="absolute inset-x-0 bottom-0 bg-slate-900/60 p-1.5">
          <div
            role="progressbar"
            aria-label={t('photos.uploading', { index: index + 1 })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 overflow-hidden rounded-full bg-white/40"
          >
            <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {photo.image && <figcaption className="sr-only">{t('photos.uploaded')}</figcaption>}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('photos.remove', { index: index + 1 })}
        className="group absolute top-0 right-0 flex h-11 w-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {/* The finger's 44 px reach the tile's corner; the round cross drawn inside stays small over the photo. */}
        <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-lg leading-none text-slate-800 shadow group-hover:bg-white">
          ×
        </span>
      </button>
    </figure>
  );
}
