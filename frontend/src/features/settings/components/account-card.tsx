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
      <TextField label={t('account.username')} autoComplete="username" {...form.field('username')} />
      <TextField
        label={t('account.email')}
        type="email"
        autoComplete="email"
        {...form.field('email')}
      />
    </ProfileFieldsCard>
  );
}
