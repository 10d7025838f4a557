import { SubmitButton } from '../../../components/form/submit-button';
import { useTranslation } from '../../../lib/i18n';

/** Disabled until a value of the card differs from the stored one. */
export function SaveButton({ changed, saving }: { changed: boolean; saving: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <SubmitButton busy={saving} busyLabel={t('saving')} disabled={!changed}>
      {t('save')}
    </SubmitButton>
  );
}
