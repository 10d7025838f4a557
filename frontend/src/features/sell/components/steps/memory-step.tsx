import { deviceMemoryOptions, type MemoryOption } from '@market/contracts';
import { useTranslation } from '../../../../lib/i18n';
import { useWizardStore } from '../../stores/wizard-store';
import { ChoiceGroup } from '../choice-group';

function optionKey(option: { ram: string | null; storage: string | null }): string {
  return `${option.storage ?? ''}/${option.ram ?? ''}`;
}

/** Step 1: one of the device's RAM and storage pairs (Memory → Internal). */
export function MemoryStep() {
  const { t } = useTranslation('sell');
  const device = useWizardStore((state) => state.values.device);
  const chosen = useWizardStore((state) => (state.values.ram || state.values.storage ? optionKey(state.values) : null));
  const setMemory = useWizardStore((state) => state.setMemory);
  const error = useWizardStore((state) => state.errors.memory);
  const options = device ? deviceMemoryOptions(device) : [];

  const label = (option: MemoryOption) =>
    [option.ram && t('memory.ram', { ram: option.ram }), option.storage].filter(Boolean).join(' / ');
  return (
    <ChoiceGroup
      legend={t('steps.memory')}
      hideLegend
      choices={options.map((option) => ({ value: optionKey(option), label: label(option) }))}
      value={chosen}
      onChange={(key) => setMemory(options.find((option) => optionKey(option) === key)!)}
      error={error}
    />
  );
}
