import { useTranslation } from '../../lib/i18n';

/** A field's error: a translated message key in a red box (spec section 5). */
export function FieldError({ id, messageKey }: { id: string; messageKey: string | undefined }) {
  const { t } = useTranslation(['common', 'messages']);
  if (!messageKey) return null;
  return (
    <p id={id} className="mt-1 rounded-md border border-red-200 bg-red-50 px-2 py-1 text-sm text-red-700">
      {t(`messages:${messageKey}`, { defaultValue: t('messages:invalidValue') })}
    </p>
  );
}
