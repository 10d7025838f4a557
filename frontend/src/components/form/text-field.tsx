import { useId, type InputHTMLAttributes } from 'react';
import { FieldError } from './field-error';

export const inputClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500 disabled:bg-slate-100';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-700';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A message key (from the form's zod schema or the server's `fields`). */
  error?: string;
}

export function TextField({ label, value, onChange, error, ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...inputProps}
      />
      <FieldError id={`${id}-error`} messageKey={error} />
    </div>
  );
}
