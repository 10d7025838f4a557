import { useId } from 'react';
import { COUNTRIES, type UserDto } from '@market/contracts';
import { FieldError } from '../../../components/form/field-error';
import { FormError } from '../../../components/form/form-error';
import { inputClass, labelClass } from '../../../components/form/text-field';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useProfileForm } from '../hooks/use-profile-form';
import { SaveButton } from './save-button';
import { SettingsCard } from './settings-card';

const FIELDS = ['country', 'region'] as const;

/** Country and region; the region list depends on the country (none for some countries). */
export function LocationCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const language = currentLanguage();
  const countryId = useId();
  const regionId = useId();
  // A region is checked against its country, so the two always travel together.
  const form = useProfileForm(user, FIELDS, { sendTogether: true });
  const regions = COUNTRIES.find((country) => country.id === form.values.country)?.regions ?? [];

  return (
    <SettingsCard title={t('location.title')}>
      <form onSubmit={form.save} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={countryId} className={labelClass}>
              {t('location.country')}
            </label>
            <select
              id={countryId}
              value={form.values.country}
              onChange={(event) => form.setValues({ country: event.target.value, region: '' })}
              className={inputClass}
            >
              <option value="">{t('location.choose')}</option>
              {COUNTRIES.map((country) => (
                <option key={country.id} value={country.id}>
                  {country.label[language]}
                </option>
              ))}
            </select>
            <FieldError id={`${countryId}-error`} messageKey={form.errors.country} />
          </div>
          {regions.length > 0 && (
            <div>
              <label htmlFor={regionId} className={labelClass}>
                {t('location.region')}
              </label>
              <select
                id={regionId}
                value={form.values.region}
                onChange={(event) => form.setValue('region', event.target.value)}
                className={inputClass}
              >
                <option value="">{t('location.choose')}</option>
                {regions.map((region) => (
                  <option key={region.id} value={region.id}>
                    {region.label[language]}
                  </option>
                ))}
              </select>
              <FieldError id={`${regionId}-error`} messageKey={form.errors.region} />
            </div>
          )}
        </div>
        <SaveButton changed={form.changed} saving={form.saving} />
      </form>
      <FormError message={form.serverError} />
    </SettingsCard>
  );
}
