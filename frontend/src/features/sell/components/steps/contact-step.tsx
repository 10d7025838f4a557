import { useId } from 'react';
import { PhoneField } from '../../../../components/form/phone-field';
import { TextField } from '../../../../components/form/text-field';
import { useSession } from '../../../../lib/auth';
import { useTranslation } from '../../../../lib/i18n';
import { useWizardStore } from '../../stores/wizard-store';

/**
 * Step 5: the contact name, the phone (admins only: everyone else's listing shows their own
 * number), an optional Telegram username and whether the profile takes them too.
 */
export function ContactStep() {
  const { t } = useTranslation('sell');
  const { isAdmin } = useSession();
  const checkboxId = useId();
  const values = useWizardStore((state) => state.values);
  const setValue = useWizardStore((state) => state.setValue);
  const errors = useWizardStore((state) => state.errors);
  return (
    <div className="space-y-4">
      <TextField
        label={t('contact.name')}
        value={values.authorName}
        onChange={(name) => setValue('authorName', name)}
        error={errors.authorName}
        autoComplete="name"
        maxLength={50}
      />
      {isAdmin && (
        <PhoneField
          label={t('contact.phone')}
          value={values.phoneNumber}
          onChange={(digits) => setValue('phoneNumber', digits)}
          error={errors.phoneNumber}
        />
      )}
      <TextField
        label={t('contact.telegram')}
        value={values.telegramUsername}
        onChange={(username) => setValue('telegramUsername', username)}
        error={errors.telegramUsername}
        placeholder="@username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={values.updateProfile}
            onChange={(event) => setValue('updateProfile', event.target.checked)}
            className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
          />
          <label htmlFor={checkboxId} className="text-slate-800">
            {t('contact.updateProfile')}
          </label>
      </div>
    </div>
  );
}
