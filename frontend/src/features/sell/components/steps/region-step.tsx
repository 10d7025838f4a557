import { LISTING_REGIONS } from '@market/contracts';
import { currentLanguage, useTranslation } from '../../../../lib/i18n';
import { useWizardStore } from '../../stores/wizard-store';
import { ChoiceGroup } from '../choice-group';

/** Step 6: the region (spec section 9, with Andijon spelled right). */
export function RegionStep() {
  const { t } = useTranslation('sell');
  const region = useWizardStore((state) => state.values.region);
  const setValue = useWizardStore((state) => state.setValue);
  const error = useWizardStore((state) => state.errors.region);
  const language = currentLanguage();
  return (
    <ChoiceGroup
      legend={t('steps.region')}
      hideLegend
      columns="fit"
      choices={LISTING_REGIONS.map((candidate) => ({ value: candidate.id, label: candidate.label[language] }))}
      value={region || null}
      onChange={(value) => setValue('region', value)}
      error={error}
    />
  );
}
