import { useId, type ReactNode } from 'react';
import { FieldError } from '../../../components/form/field-error';

export interface Choice<Value extends string> {
  value: Value;
  label: ReactNode;
  /** A second line under the label. */
  hint?: ReactNode;
}

interface ChoiceGroupProps<Value extends string> {
  legend: string;
  /** Shown only to screen readers when the step's heading already says it. */
  hideLegend?: boolean;
  choices: readonly Choice<Value>[];
  value: Value | null;
  onChange: (value: Value) => void;
  /** A message key. */
  error?: string;
  columns?: 'one' | 'two' | 'fit';
}

const COLUMNS = {
  one: 'grid-cols-1',
  two: 'grid-cols-1 min-[360px]:grid-cols-2',
  // As many as fit a 12rem choice: 'Qoraqalpog'iston' stays whole (one column on a phone, three on a desktop).
  fit: 'grid-cols-[repeat(auto-fill,minmax(12rem,1fr))]',
};

/** Radio buttons drawn as large tappable cards: memory, colour, region, currency, condition. */
export function ChoiceGroup<Value extends string>({
  legend,
  hideLegend,
  choices,
  value,
  onChange,
  error,
  columns = 'two',
}: ChoiceGroupProps<Value>) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className={hideLegend ? 'sr-only' : 'mb-2 text-sm font-medium text-slate-700'}>{legend}</legend>
      <div className={`grid gap-2 ${COLUMNS[columns]}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-3 text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 hover:border-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="h-4 w-4 shrink-0 accent-brand-700"
            />
            <span className="min-w-0">
              <span className="block font-medium break-words">{choice.label}</span>
              {choice.hint && <span className="block text-sm text-slate-600">{choice.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} messageKey={error} />
    </fieldset>
  );
}
