import { useTranslation } from '../../../../lib/i18n';
import { useWizardStore } from '../../stores/wizard-store';
import { ChoiceGroup } from '../choice-group';

type YesNo = 'yes' | 'no';

const asYesNo = (value: boolean): YesNo => (value ? 'yes' : 'no');

/** Step 8: new or used (used by default), box and documents (asked only for a used phone), delivery. */
export function ConditionStep() {
  const { t } = useTranslation('sell');
  const { condition, documents, delivery } = useWizardStore((state) => state.values);
  const setValue = useWizardStore((state) => state.setValue);
  const yesNo = [
    { value: 'yes' as const, label: t('condition.yes') },
    { value: 'no' as const, label: t('condition.no') },
  ];
  return (
    <div className="space-y-5">
      <ChoiceGroup<'new' | 'used'>
        legend={t('condition.label')}
        choices={[
          { value: 'new', label: t('condition.new') },
          { value: 'used', label: t('condition.used') },
        ]}
        value={condition ? 'new' : 'used'}
        onChange={(value) => setValue('condition', value === 'new')}
      />
      {!condition && (
        <ChoiceGroup<YesNo>
          legend={t('condition.documents')}
          choices={yesNo}
          value={asYesNo(documents)}
          onChange={(value) => setValue('documents', value === 'yes')}
        />
      )}
      <ChoiceGroup<YesNo>
        legend={t('condition.delivery')}
        choices={yesNo}
        value={asYesNo(delivery)}
        onChange={(value) => setValue('delivery', value === 'yes')}
      />
    </div>
  );
}
