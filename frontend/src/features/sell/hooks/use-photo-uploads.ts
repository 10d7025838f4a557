import { useCallback } from 'react';
import { LIMITS } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { removeListingPhoto } from '../api/remove-listing-photo';
import { uploadListingPhoto } from '../api/upload-listing-photo';
import { useWizardStore, type WizardPhoto } from '../stores/wizard-store';

let photoCount = 0;

/** Adding photos (each uploaded on its own, with its progress) and removing them on step 7. */
export function usePhotoUploads() {
  const { t } = useTranslation('sell');
  const { addPhoto, updatePhoto, removePhoto, insertPhoto } = useWizardStore.getState();

  const addFiles = useCallback(
    (files: File[]) => {
      const free = LIMITS.photosMax - useWizardStore.getState().photos.length;
      if (files.length > free) toast.info(t('messages:photosMax'), { toastId: 'photos-max' });
      for (const file of files.slice(0, Math.max(free, 0))) {
        const localId = `photo-${(photoCount += 1)}`;
        addPhoto({ localId, image: null, preview: URL.createObjectURL(file), progress: 0, failed: null, attached: false });
        uploadListingPhoto(file, (progress) => updatePhoto(localId, { progress })).then(
          (image) => updatePhoto(localId, { image, progress: 1 }),
          (error: unknown) => updatePhoto(localId, { failed: errorText(error, t) }),
        );
      }
    },
    [addPhoto, updatePhoto, t],
  );

  const remove = useCallback(
    (photo: WizardPhoto) => {
      const index = useWizardStore.getState().photos.indexOf(photo);
      removePhoto(photo.localId);
      const forget = () => photo.preview && URL.revokeObjectURL(photo.preview);
      // Not on the server, or shown by the posted listing until the edit is saved: nothing to delete now.
      if (!photo.image || photo.failed || photo.attached) {
        forget();
        return;
      }
      removeListingPhoto(photo.image._id).then(forget, (error: unknown) => {
        insertPhoto(photo, index);
        toast.error(errorText(error, t));
      });
    },
    [removePhoto, insertPhoto, t],
  );

  return { addFiles, remove };
}
