import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
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
  return (
    <LabelledField label={label} error={error}>
      {(control) => (
        <input {...control} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass} {...inputProps} />
      )}
    </LabelledField>
  );
}

/** What ties a field's control to its label and its error box. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A field's label, its control (drawn by `children` with the attributes that tie it to both) and its error box. */
export function LabelledField({ label, error, children }: { label: string; error?: string; children: (control: FieldControl) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      <FieldError id={`${id}-error`} messageKey={error} />
    </div>
  );
}
