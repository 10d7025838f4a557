import { useId } from 'react';
import { GENDERS, type UserDto } from '@market/contracts';
import { FieldError } from '../../../components/form/field-error';
import { FormError } from '../../../components/form/form-error';
import { inputClass, labelClass, TextField } from '../../../components/form/text-field';
import { useTranslation } from '../../../lib/i18n';
import { useProfileForm } from '../hooks/use-profile-form';
import { SaveButton } from './save-button';
import { SettingsCard } from './settings-card';

const FIELDS = ['name', 'surname', 'gender'] as const;

export function NameCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const genderId = useId();
  const form = useProfileForm(user, FIELDS);
  return (
    <SettingsCard title={t('name.title')}>
      <form onSubmit={form.save} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('name.name')}
            autoComplete="given-name"
            value={form.values.name}
            onChange={(value) => form.setValue('name', value)}
            error={form.errors.name}
          />
          <TextField
            label={t('name.surname')}
            autoComplete="family-name"
            value={form.values.surname}
            onChange={(value) => form.setValue('surname', value)}
            error={form.errors.surname}
          />
          <div>
            <label htmlFor={genderId} className={labelClass}>
              {t('name.gender')}
            </label>
            <select
              id={genderId}
              value={form.values.gender}
              onChange={(event) => form.setValue('gender', event.target.value)}
              aria-invalid={form.errors.gender ? true : undefined}
              aria-describedby={form.errors.gender ? `${genderId}-error` : undefined}
              className={inputClass}
            >
              <option value="">{t('name.genderNotSaid')}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`name.genders.${gender}`)}
                </option>
              ))}
            </select>
            <FieldError id={`${genderId}-error`} messageKey={form.errors.gender} />
          </div>
        </div>
        <SaveButton changed={form.changed} saving={form.saving} />
      </form>
      <FormError message={form.serverError} />
    </SettingsCard>
  );
}
