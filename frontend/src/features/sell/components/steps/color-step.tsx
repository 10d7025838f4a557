import { deviceColors } from '@market/contracts';
import { useTranslation } from '../../../../lib/i18n';
import { useWizardStore } from '../../stores/wizard-store';
import { ChoiceGroup } from '../choice-group';

/** Step 2: one of the device's colours (Misc → Colors). */
export function ColorStep() {
  const { t } = useTranslation('sell');
  const device = useWizardStore((state) => state.values.device);
  const color = useWizardStore((state) => state.values.color);
  const setValue = useWizardStore((state) => state.setValue);
  const error = useWizardStore((state) => state.errors.color);
  const colors = device ? deviceColors(device) : [];
  return (
    <ChoiceGroup
      legend={t('steps.color')}
      hideLegend
      choices={colors.map((candidate) => ({ value: candidate, label: candidate }))}
      value={color}
      onChange={(value) => setValue('color', value)}
      error={error}
    />
  );
}
