import { GENDERS, type UserDto } from '@market/contracts';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useTranslation } from '../../../lib/i18n';
import { useProfileForm } from '../hooks/use-profile-form';
import { ProfileFieldsCard } from './profile-fields-card';

const FIELDS = ['name', 'surname', 'gender'] as const;

export function NameCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const form = useProfileForm(user, FIELDS);
  return (
    <ProfileFieldsCard title={t('name.title')} form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('name.name')} autoComplete="given-name" {...form.field('name')} />
        <TextField label={t('name.surname')} autoComplete="family-name" {...form.field('surname')} />
        <SelectField
          label={t('name.gender')}
          {...form.field('gender')}
          placeholder={t('name.genderNotSaid')}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`name.genders.${gender}`) }))}
        />
      </div>
    </ProfileFieldsCard>
  );
}
