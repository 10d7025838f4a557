import { useId } from 'react';
import { CONDITION_GRADES, type ConditionGrade } from '@market/contracts';
import { FieldError } from '../../../../components/form/field-error';
import { TextField } from '../../../../components/form/text-field';
import { useTranslation } from '../../../../lib/i18n';
import { useWizardStore } from '../../stores/wizard-store';
import { ChoiceGroup } from '../choice-group';

type YesNo = 'yes' | 'no';

const asYesNo = (value: boolean): YesNo => (value ? 'yes' : 'no');

/**
 * Step 8: new or used (used by default); for a used phone its grade (with each grade's
 * definition), battery health and box and documents; delivery; the phone's IMEIs (`*#06#`
 * shows them), its UZIMEI registration and the seller's word that it is not under instalment debt.
 */
export function ConditionStep() {
  const { t } = useTranslation('sell');
  const { condition, documents, delivery, grade, battery, imei, uzimeiRegistered, noInstalmentDebt } = useWizardStore((state) => state.values);
  const errors = useWizardStore((state) => state.errors);
  const setValue = useWizardStore((state) => state.setValue);
  const setErrors = useWizardStore((state) => state.setErrors);
  const declarationId = useId();
  const yesNo = [
    { value: 'yes' as const, label: t('condition.yes') },
    { value: 'no' as const, label: t('condition.no') },
  ];
  const typeImei = (index: 0 | 1, typed: string) => {
    const next: [string, string] = [...imei];
    next[index] = typed.replace(/[^\d]/g, '').slice(0, 15);
    setValue('imei', next);
    const { [`imei.${index}`]: _fixed, imei: _list, ...others } = useWizardStore.getState().errors;
    setErrors(others);
  };
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
        <>
          <ChoiceGroup<ConditionGrade>
            legend={t('condition.grade')}
            columns="one"
            choices={CONDITION_GRADES.map((choice) => ({
              value: choice,
              label: t(`condition.grades.${choice}`),
              hint: t(`condition.gradeHints.${choice}`),
            }))}
            value={grade}
            onChange={(value) => setValue('grade', value)}
            error={errors.grade}
          />
          <TextField
            label={t('condition.battery')}
            value={battery}
            onChange={(typed) => setValue('battery', typed.replace(/[^\d]/g, '').slice(0, 3))}
            error={errors.battery}
            inputMode="numeric"
            autoComplete="off"
            placeholder="85"
          />
          <ChoiceGroup<YesNo>
            legend={t('condition.documents')}
            choices={yesNo}
            value={asYesNo(documents)}
            onChange={(value) => setValue('documents', value === 'yes')}
          />
        </>
      )}
      <ChoiceGroup<YesNo>
        legend={t('condition.delivery')}
        choices={yesNo}
        value={asYesNo(delivery)}
        onChange={(value) => setValue('delivery', value === 'yes')}
      />
      <div className="space-y-3">
        <TextField
          label={t('condition.imei')}
          value={imei[0]}
          onChange={(typed) => typeImei(0, typed)}
          error={errors['imei.0'] ?? errors.imei}
          inputMode="numeric"
          autoComplete="off"
          placeholder="35 209900 176148 1"
        />
        <TextField
          label={t('condition.imei2')}
          value={imei[1]}
          onChange={(typed) => typeImei(1, typed)}
          error={errors['imei.1']}
          inputMode="numeric"
          autoComplete="off"
        />
        <p className="text-sm text-slate-600">{t('condition.imeiHint')}</p>
      </div>
      <ChoiceGroup<YesNo>
        legend={t('condition.uzimei')}
        choices={yesNo}
        value={uzimeiRegistered === null ? null : asYesNo(uzimeiRegistered)}
        onChange={(value) => setValue('uzimeiRegistered', value === 'yes')}
        error={errors.uzimeiRegistered}
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            id={declarationId}
            type="checkbox"
            checked={noInstalmentDebt}
            onChange={(event) => setValue('noInstalmentDebt', event.target.checked)}
            aria-invalid={errors.noInstalmentDebt ? true : undefined}
            aria-describedby={errors.noInstalmentDebt ? `${declarationId}-error` : undefined}
            className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
          />
          <label htmlFor={declarationId} className="text-slate-800">
            {t('condition.noInstalmentDebt')}
          </label>
        </div>
        <FieldError id={`${declarationId}-error`} messageKey={errors.noInstalmentDebt} />
      </div>
    </div>
  );
}
