import { CURRENCIES, type Currency } from '@market/contracts';
import { TextField } from '../../../../components/form/text-field';
import { useTranslation } from '../../../../lib/i18n';
import { useWizardStore } from '../../stores/wizard-store';
import { priceAsTyped } from '../../wizard-form';
import { ChoiceGroup } from '../choice-group';

/** Step 3: the price (digits and a dot) and its currency, so'm or dollars. */
export function PriceStep() {
  const { t } = useTranslation('sell');
  const price = useWizardStore((state) => state.values.price);
  const valut = useWizardStore((state) => state.values.valut);
  const setValue = useWizardStore((state) => state.setValue);
  const errors = useWizardStore((state) => state.errors);
  return (
    <div className="space-y-4">
      <TextField
        label={t('price.label')}
        value={price}
        onChange={(text) => setValue('price', priceAsTyped(text))}
        error={errors.price}
        inputMode="decimal"
        autoComplete="off"
        placeholder={valut === 'usd' ? '250' : '3000000'}
      />
      <ChoiceGroup<Currency>
        legend={t('price.currency')}
        choices={CURRENCIES.map((currency) => ({ value: currency, label: t(`price.currencies.${currency}`) }))}
        value={valut}
        onChange={(value) => setValue('valut', value)}
        error={errors.valut}
      />
    </div>
  );
}
