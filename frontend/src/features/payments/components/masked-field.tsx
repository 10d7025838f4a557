import { IMaskInput } from 'react-imask';
import { inputClass, LabelledField } from '../../../components/form/text-field';

/** What the field's mask is: a pattern ('0000 0000') or a number with grouped thousands. */
export type FieldMask = { mask: string } | { mask: NumberConstructor; thousandsSeparator: string; scale: 0; min: number };

interface MaskedFieldProps {
  label: string;
  mask: FieldMask;
  /** Without the mask's spaces and slashes. */
  value: string;
  onChange: (unmasked: string) => void;
  /** A message key (from the contracts schema or the server's `fields`). */
  error?: string;
  placeholder: string;
  autoComplete: string;
  autoFocus?: boolean;
}

/** A digits-only input with a react-imask mask, its label and its error box. */
export function MaskedField({ label, mask, value, onChange, error, placeholder, autoComplete, autoFocus }: MaskedFieldProps) {
  return (
    <LabelledField label={label} error={error}>
      {(control) => (
        <IMaskInput
          {...mask}
          {...control}
          unmask
          value={value}
          onAccept={(unmasked: string) => onChange(unmasked)}
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={placeholder}
          data-autofocus={autoFocus || undefined}
          className={`${inputClass} tabular-nums`}
        />
      )}
    </LabelledField>
  );
}
