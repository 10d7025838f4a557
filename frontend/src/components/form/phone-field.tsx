import { useId } from 'react';
import { IMaskInput } from 'react-imask';
import { FieldError } from './field-error';
import { inputClass, labelClass } from './text-field';

/** The spec's +998 mask; the field's value is the digits only (998901234567). */
const UZ_PHONE_MASK = '+{998} 00 000-00-00';

interface PhoneFieldProps {
  label: string;
  value: string;
  onChange: (digits: string) => void;
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

export function PhoneField({ label, value, onChange, error, autoFocus, disabled }: PhoneFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <IMaskInput
        id={id}
        mask={UZ_PHONE_MASK}
        lazy={false}
        unmask
        value={value}
        onAccept={(digits: string) => onChange(digits)}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        autoFocus={autoFocus}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`${id}-error`} messageKey={error} />
    </div>
  );
}
