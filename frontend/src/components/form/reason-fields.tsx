import { useId } from 'react';
import { FieldError } from './field-error';
import { TextField } from './text-field';

interface ReasonFieldsProps<Reason extends string> {
  legend: string;
  reasons: readonly Reason[];
  labelOf: (reason: Reason) => string;
  reason: Reason | '';
  onReason: (reason: Reason) => void;
  /** The words asked for when the reason is 'other'. */
  textLabel: string;
  text: string;
  onText: (text: string) => void;
  errors: { reason?: string; text?: string };
  maxLength: number;
}

/** A reason picked from a list, or written out for 'other' (an admin's rejection, a buyer's report). */
export function ReasonFields<Reason extends string>({
  legend,
  reasons,
  labelOf,
  reason: chosen,
  onReason,
  textLabel,
  text,
  onText,
  errors,
  maxLength,
}: ReasonFieldsProps<Reason>) {
  const reasonErrorId = useId();
  const name = useId();
  return (
    <>
      <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
        <div className="space-y-1">
          {reasons.map((reason) => (
            <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50">
              <input
                type="radio"
                name={name}
                value={reason}
                checked={chosen === reason}
                onChange={() => onReason(reason)}
                className="h-4 w-4 accent-brand-700"
              />
              <span className="text-slate-900">{labelOf(reason)}</span>
            </label>
          ))}
        </div>
        <FieldError id={reasonErrorId} messageKey={errors.reason} />
      </fieldset>
      {chosen === 'other' && (
        <div className="mt-3">
          <TextField label={textLabel} value={text} onChange={onText} error={errors.text} maxLength={maxLength} autoFocus />
        </div>
      )}
    </>
  );
}
