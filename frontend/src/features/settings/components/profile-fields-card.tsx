import type { ReactNode } from 'react';
import { FormError } from '../../../components/form/form-error';
import type { ProfileForm } from '../hooks/use-profile-form';
import { SaveButton } from './save-button';
import { SettingsCard } from './settings-card';

/** A settings card of profile fields saved together: its fields, Save under them, the server's error under the form. */
export function ProfileFieldsCard({ title, form, children }: { title: string; form: ProfileForm; children: ReactNode }) {
  return (
    <SettingsCard title={title}>
      <form onSubmit={form.save} noValidate className="space-y-4">
        {children}
        <SaveButton changed={form.changed} saving={form.saving} />
      </form>
      <FormError message={form.serverError} />
    </SettingsCard>
  );
}
