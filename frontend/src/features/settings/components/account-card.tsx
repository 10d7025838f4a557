import type { UserDto } from '@market/contracts';
import { TextField } from '../../../components/form/text-field';
import { useTranslation } from '../../../lib/i18n';
import { useProfileForm } from '../hooks/use-profile-form';
import { ProfileFieldsCard } from './profile-fields-card';

const FIELDS = ['username', 'email'] as const;

/** Username and e-mail. */
export function AccountCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const form = useProfileForm(user, FIELDS);
  return (
    <ProfileFieldsCard title={t('account.title')} form={form}>
      <TextField
        label={t('account.username')}
        autoComplete="username"
        value={form.values.username}
        onChange={(value) => form.setValue('username', value)}
        error={form.errors.username}
      />
      <TextField
        label={t('account.email')}
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(value) => form.setValue('email', value)}
        error={form.errors.email}
      />
    </ProfileFieldsCard>
  );
}
