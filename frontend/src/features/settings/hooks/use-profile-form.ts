import { useState, type FormEvent } from 'react';
import { updateUserSchema, type UpdateUserRequest, type UpdateUserResponse, type UserDto } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { fieldErrorsOf, type FieldErrors } from '../../../components/form/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useAskBeforeLeaving } from '../../../lib/unsaved-changes';
import { useUpdateUser } from '../api/update-user';
import { changedFields, storedValues, type ProfileField, type ProfileValues } from './profile-changes';

interface ProfileFormOptions<Field extends ProfileField> {
  /** Send every field of the card when one changed (a region is only valid with its country). */
  sendTogether?: boolean;
  /** Replaces the 'Saqlandi' toast, e.g. when a new phone number still awaits its code. */
  onSaved?: (response: UpdateUserResponse) => void;
  /**
   * What a save of these values sends besides the card's fields (a new phone number's current password).
   * Their errors, the schema's or the server's, show under their own fields (`errors`), not as the card's.
   */
  alsoSend?: (values: ProfileValues<Field>) => Partial<UpdateUserRequest>;
}

/**
 * One settings card (spec section 4): Save stays disabled until a value differs from the
 * stored one; only changed, valid fields are sent; a server error shows under the form. Each
 * card keeps its own edits through another card's save; leaving the page with edits asks first.
 */
export function useProfileForm<Field extends ProfileField>(user: UserDto, fields: readonly Field[], options: ProfileFormOptions<Field> = {}) {
  const { t } = useTranslation(['settings', 'messages']);
  const { setUser } = useSession();
  const update = useUpdateUser();
  const stored = storedValues(user, fields);
  const [values, setValues] = useState(stored);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const changed = changedFields(values, stored);
  useAskBeforeLeaving(changed.length > 0, t('unsavedLeave'));

  /** Hides a field's message once it is edited. */
  const clearError = (field: string) => setErrors((current) => ({ ...current, [field]: undefined }));

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  /** What a field's input takes from the card: its value, its change and its message key. */
  const field = (name: Field) => ({ value: values[name], onChange: (value: string) => setValue(name, value), error: errors[name] });

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (changed.length === 0 || update.isPending) return;
    const sent = options.sendTogether ? fields : changed;
    const extra = options.alsoSend?.(values) ?? {};
    const parsed = updateUserSchema.safeParse({ ...Object.fromEntries(sent.map((field) => [field, values[field]])), ...extra });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setServerError(null);
    update.mutate(
      { id: user._id, changes: parsed.data },
      {
        onSuccess: (response) => {
          const { pendingPhoneConfirmation: _pending, ...updated } = response;
          setUser(updated);
          if (options.onSaved) options.onSaved(response);
          else toast.success(t('messages:saved'));
        },
        onError: (error) => {
          const extraErrors = error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => name in extra) : [];
          if (extraErrors.length) setErrors(Object.fromEntries(extraErrors));
          else setServerError(errorText(error));
        },
      },
    );
  };

  return { values, setValue, setValues, errors, clearError, field, serverError, changed: changed.length > 0, saving: update.isPending, save };
}

/** What a card's frame reads of its form: how to save, whether there is anything to save, and the server's error. */
export type ProfileForm = Pick<ReturnType<typeof useProfileForm>, 'save' | 'changed' | 'saving' | 'serverError'>;
