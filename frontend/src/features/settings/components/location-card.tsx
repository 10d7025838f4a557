import { COUNTRIES, type UserDto } from '@market/contracts';
import { SelectField } from '../../../components/form/select-field';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useProfileForm } from '../hooks/use-profile-form';
import { ProfileFieldsCard } from './profile-fields-card';

const FIELDS = ['country', 'region'] as const;

/** Country and region; the region list depends on the country (none for some countries). */
export function LocationCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const language = currentLanguage();
  // A region is checked against its country, so the two always travel together.
  const form = useProfileForm(user, FIELDS, { sendTogether: true });
  const regions = COUNTRIES.find((country) => country.id === form.values.country)?.regions ?? [];

  return (
    <ProfileFieldsCard title={t('location.title')} form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('location.country')}
          value={form.values.country}
          onChange={(country) => form.setValues({ country, region: '' })}
          placeholder={t('location.choose')}
          options={COUNTRIES.map((country) => ({ value: country.id, label: country.label[language] }))}
          error={form.errors.country}
        />
        {regions.length > 0 && (
          <SelectField
            label={t('location.region')}
            {...form.field('region')}
            placeholder={t('location.choose')}
            options={regions.map((region) => ({ value: region.id, label: region.label[language] }))}
          />
        )}
      </div>
    </ProfileFieldsCard>
  );
}
