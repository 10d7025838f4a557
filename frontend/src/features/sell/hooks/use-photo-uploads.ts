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
  const { t } = useTranslation(['sell', 'messages']);
  const { addPhoto, updatePhoto, removePhoto, refusePhoto, insertPhoto } = useWizardStore.getState();

  const addFiles = useCallback(
    (files: File[]) => {
      const free = LIMITS.photosMax - useWizardStore.getState().photos.length;
      if (files.length > free) toast.info(t('messages:photosMax'), { toastId: 'photos-max' });
      for (const file of files.slice(0, Math.max(free, 0))) {
        const localId = `photo-${(photoCount += 1)}`;
        // A file that is no picture has nothing to preview: its tile waits blank for the server's answer.
        const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
        addPhoto({ localId, image: null, preview, progress: 0, attached: false });
        uploadListingPhoto(file, (progress) => updatePhoto(localId, { progress })).then(
          (image) => updatePhoto(localId, { image, progress: 1 }),
          (error: unknown) => {
            const photo = useWizardStore.getState().photos.find((candidate) => candidate.localId === localId);
            if (photo?.preview) URL.revokeObjectURL(photo.preview);
            // Removed while it was uploading: nothing left to refuse.
            if (photo) refusePhoto(localId, t('photos.refused', { name: file.name, reason: errorText(error) }));
          },
        );
      }
    },
    [addPhoto, updatePhoto, refusePhoto, t],
  );

  const remove = useCallback(
    (photo: WizardPhoto) => {
      const index = useWizardStore.getState().photos.indexOf(photo);
      removePhoto(photo.localId);
      const forget = () => photo.preview && URL.revokeObjectURL(photo.preview);
      // Not on the server, or shown by the posted listing until the edit is saved: nothing to delete now.
      if (!photo.image || photo.attached) {
        forget();
        return;
      }
      removeListingPhoto(photo.image._id).then(forget, (error: unknown) => {
        insertPhoto(photo, index);
        toast.error(errorText(error));
      });
    },
    [removePhoto, insertPhoto],
  );

  return { addFiles, remove };
}
