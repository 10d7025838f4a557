import { useState, type ChangeEvent } from 'react';
import type { UserDto } from '@market/contracts';
import { errorText, FormError } from '../../../components/form/form-error';
import { UserAvatar } from '../../../components/user-avatar';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDeleteAvatar } from '../api/delete-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { SettingsCard } from './settings-card';

const secondaryButtonClass =
  'rounded-lg border border-slate-300 px-4 py-3 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400';

export function AvatarCard({ user }: { user: UserDto }) {
  const { t } = useTranslation(['settings', 'messages']);
  const { setUser } = useSession();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const [serverError, setServerError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setServerError(null);
    upload.mutate(file, {
      onSuccess: (image) => {
        setUser({ ...user, image });
        toast.success(t('messages:photoUpdated'));
      },
      // A refusal (not a picture, too large) is the user's to fix: shown, not logged as a fault.
      onError: (error) => setServerError(errorText(error)),
    });
  };

  const onRemove = () => {
    if (!user.image) return;
    setServerError(null);
    remove.mutate(user.image._id, {
      onSuccess: () => {
        setUser({ ...user, image: null });
        toast.success(t('messages:imageDeleted'));
      },
      onError: (error) => {
        console.error('Avatar removal failed', error);
        setServerError(errorText(error));
      },
    });
  };

  return (
    <SettingsCard title={t('avatar.title')} description={t('avatar.hint')}>
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar user={user} size="lg" />
        <div className="flex flex-wrap gap-2">
          <label
            className={`cursor-pointer rounded-lg bg-brand-700 px-4 py-3 text-sm font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-brand-800 ${busy ? 'pointer-events-none opacity-60' : ''}`}
          >
            {upload.isPending ? t('avatar.uploading') : t('avatar.upload')}
            <input type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={onFileChosen} disabled={busy} />
          </label>
          {user.image && (
            <button type="button" onClick={onRemove} disabled={busy} className={secondaryButtonClass}>
              {remove.isPending ? t('avatar.removing') : t('avatar.remove')}
            </button>
          )}
        </div>
      </div>
      <FormError message={serverError} />
    </SettingsCard>
  );
}
