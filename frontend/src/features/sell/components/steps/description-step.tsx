import { useId } from 'react';
import { LIMITS } from '@market/contracts';
import { FieldError } from '../../../../components/form/field-error';
import { inputClass, labelClass } from '../../../../components/form/text-field';
import { useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { useWizardStore } from '../../stores/wizard-store';
import { descriptionAsTyped } from '../../wizard-form';

/** Step 4: the description, with the 'n / 200' counter; typing past 200 says 200 is the maximum. */
export function DescriptionStep() {
  const { t } = useTranslation(['sell', 'messages']);
  const id = useId();
  const description = useWizardStore((state) => state.values.description);
  const setValue = useWizardStore((state) => state.setValue);
  const error = useWizardStore((state) => state.errors.description);

  const change = (text: string) => {
    const typed = descriptionAsTyped(text);
    if (typed.cut) toast.info(t('messages:descriptionMax'), { toastId: 'description-max' });
    setValue('description', typed.description);
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('description.label')}
      </label>
      <textarea
        id={id}
        value={description}
        onChange={(event) => change(event.target.value)}
        rows={6}
        placeholder={t('description.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ''}`}
        className={`${inputClass} resize-y`}
      />
      <p id={`${id}-counter`} className="mt-1 text-right text-sm tabular-nums text-slate-600">
        {description.length} / {LIMITS.descriptionMax}
      </p>
      <FieldError id={`${id}-error`} messageKey={error} />
    </div>
  );
}
