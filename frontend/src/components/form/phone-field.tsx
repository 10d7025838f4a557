import { useId, type ClipboardEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { FieldError } from './field-error';
import { inputClass, labelClass } from './text-field';

/** The spec's +998 mask; the field's value is the digits only (998901234567). */
const UZ_PHONE_MASK = '+{998} 00 000-00-00';

/**
 * A whole number pasted with or without the country code ("90 123 45 67", "998901234567")
 * as its 12 digits; null for anything else, which the mask then takes as typed.
 */
export function pastedPhoneNumber(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 9) return `998${digits}`;
  if (digits.length === 12 && digits.startsWith('998')) return digits;
  return null;
}

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
  // The mask alone cannot tell a pasted "901234567" from one starting with the country code.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const phoneNumber = pastedPhoneNumber(event.clipboardData.getData('text'));
    if (!phoneNumber) return;
    event.preventDefault();
    onChange(phoneNumber);
  };
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
        onPaste={onPaste}
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
