import { useTranslation } from '../../../lib/i18n';
import { useWizardStore } from '../stores/wizard-store';
import { STEP_NAMES, stepApplies } from '../wizard-steps';

/** The edit wizard's steps as one row of links: a seller changing the price goes straight there. */
export function EditStepMenu({ step }: { step: number }) {
  const { t } = useTranslation('sell');
  const device = useWizardStore((state) => state.values.device);
  const goTo = useWizardStore((state) => state.goTo);
  return (
    <nav aria-label={t('edit.jumpTo')} className="mb-4">
      <p className="mb-2 text-sm font-medium text-slate-700">{t('edit.jumpTo')}</p>
      <ul className="flex flex-wrap gap-2">
        {STEP_NAMES.map((name, index) =>
          stepApplies(index, device) ? (
            <li key={name}>
              <button
                type="button"
                onClick={() => goTo(index)}
                aria-current={index === step ? 'step' : undefined}
                className={`min-h-11 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  index === step ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-brand-50'
                }`}
              >
                {t(`edit.stepNames.${name}`)}
              </button>
            </li>
          ) : null,
        )}
      </ul>
    </nav>
  );
}
