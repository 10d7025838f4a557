import { inputClass, LabelledField } from './text-field';

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first choice, with the empty value: nothing chosen yet. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  /** A message key (from the form's zod schema or the server's `fields`). */
  error?: string;
}

/** A labelled drop-down with its error box, like TextField. */
export function SelectField({ label, value, onChange, placeholder, options, error }: SelectFieldProps) {
  return (
    <LabelledField label={label} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
