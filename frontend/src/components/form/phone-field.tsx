import { useId, useLayoutEffect, useRef, type ChangeEvent, type ClipboardEvent } from 'react';
import { FieldError } from './field-error';
import {
  applyPhoneFieldEdit,
  COUNTRY_CODE,
  formatNationalDigits,
  isWholePhoneNumber,
  nationalDigits,
  nationalDigitsOf,
  phoneNumberOf,
} from './phone-number-input';
import { labelClass } from './text-field';

interface PhoneFieldProps {
  label: string;
  /** The number's digits: 998901234567, a partial number, or empty. */
  value: string;
  onChange: (digits: string) => void;
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

/**
 * The spec's +998 mask. The country code stands before the input rather than in it: a mask
 * holding it took a typed 9 for the 9 of 998 after Tab selected the field (issue 19). Whatever
 * is typed, pasted or autofilled, with or without +998, spaces or dashes, is read by
 * `applyPhoneFieldEdit` into the same digits.
 */
export function PhoneField({ label, value, onChange, error, autoFocus, disabled }: PhoneFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const national = nationalDigitsOf(value);

  // The mask's spaces and dashes move the caret; put it back after the digits it followed.
  useLayoutEffect(() => {
    if (pendingCaret.current === null || document.activeElement !== input.current) return;
    input.current?.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { value: text, selectionStart } = event.target;
    const edit = applyPhoneFieldEdit({
      text,
      caret: selectionStart ?? text.length,
      removedSeparatorBackward:
        (event.nativeEvent as InputEvent).inputType === 'deleteContentBackward' && nationalDigits(text) === national,
    });
    pendingCaret.current = edit.caret;
    onChange(phoneNumberOf(edit.national));
  };

  // A whole number pasted replaces the field rather than joining what is there.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!isWholePhoneNumber(text)) return;
    event.preventDefault();
    const pasted = nationalDigits(text);
    pendingCaret.current = formatNationalDigits(pasted).length;
    onChange(phoneNumberOf(pasted));
  };

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div
        className={`flex items-center rounded-lg border focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100 ${
          error ? 'border-red-500' : 'border-slate-300'
        } ${disabled ? 'bg-slate-100' : 'bg-white'}`}
      >
        <span className="select-none py-2.5 pl-3 pr-1.5 text-base text-slate-900">+{COUNTRY_CODE}</span>
        <input
          ref={input}
          id={id}
          value={formatNationalDigits(national)}
          onChange={onInputChange}
          onPaste={onPaste}
          placeholder="90 123-45-67"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          autoFocus={autoFocus}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block w-full min-w-0 rounded-r-lg bg-transparent py-2.5 pr-3 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
      </div>
      <FieldError id={`${id}-error`} messageKey={error} />
    </div>
  );
}
