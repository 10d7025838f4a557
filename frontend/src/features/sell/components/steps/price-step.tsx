import { CURRENCIES, type Currency } from '@market/contracts';
import { TextField } from '../../../../components/form/text-field';
import { PriceGuideNote } from '../../../../components/price-guide-note';
import { groupDigitsAsTyped } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/i18n';
import { useWizardStore } from '../../stores/wizard-store';
import { ChoiceGroup } from '../choice-group';

/** Step 3: the price, grouped as typed and whole (decimals are refused at once), and its currency, so'm or dollars. */
export function PriceStep() {
  const { t } = useTranslation('sell');
  const price = useWizardStore((state) => state.values.price);
  const valut = useWizardStore((state) => state.values.valut);
  const setValue = useWizardStore((state) => state.setValue);
  const setErrors = useWizardStore((state) => state.setErrors);
  const errors = useWizardStore((state) => state.errors);
  const device = useWizardStore((state) => state.values.device?._id);
  const storage = useWizardStore((state) => state.values.storage);
  return (
    <div className="space-y-4">
      <TextField
        label={t('price.label')}
        value={price}
        onChange={(typed) => {
          const { text, hadFraction } = groupDigitsAsTyped(typed);
          setValue('price', text);
          if (hadFraction) setErrors({ ...useWizardStore.getState().errors, price: 'priceWhole' });
        }}
        error={errors.price}
        inputMode="numeric"
        autoComplete="off"
        placeholder={valut === 'usd' ? '250' : '3 000 000'}
      />
      <PriceGuideNote device={device} storage={storage ?? undefined} />
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
