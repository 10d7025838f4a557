import { LIMITS } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';
import { filledSegments, LAST_STEP } from '../wizard-steps';

/** The 6-segment progress bar over steps 0 to 9 (spec section 4). */
export function WizardProgress({ step }: { step: number }) {
  const { t } = useTranslation('sell');
  const filled = filledSegments(step);
  return (
    <div
      role="progressbar"
      aria-label={t('progress.label')}
      aria-valuemin={1}
      aria-valuemax={LAST_STEP + 1}
      aria-valuenow={step + 1}
      aria-valuetext={t('progress.value', { step: step + 1, total: LAST_STEP + 1 })}
      className="mb-5 flex gap-1.5"
    >
      {Array.from({ length: LIMITS.wizardProgressSegments }, (_, index) => (
        <span key={index} className={`h-1.5 flex-1 rounded-full ${index < filled ? 'bg-brand-700' : 'bg-slate-200'}`} />
      ))}
    </div>
  );
}
