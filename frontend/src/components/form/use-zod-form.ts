import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message key of each field's issues (zod issues carry the spec's message keys). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A form checked by the same contracts schema the server uses: `submit` answers the parsed
 * body, or null after showing each field's message key. `initial` gives the fields' types
 * (what the inputs hold, e.g. an unticked checkbox the schema only accepts ticked).
 */
export function useZodForm<Values extends Record<string, unknown>, Output>(schema: z.ZodType<Output>, initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setValue = useCallback(<Field extends keyof Values & string>(field: Field, value: Values[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const submit = (): Output | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrorsOf(result.error));
    return null;
  };

  /** What a field's input takes from the form: its value, its change and its message key. */
  const field = <Field extends keyof Values & string>(name: Field) => ({
    value: values[name],
    onChange: (value: Values[Field]) => setValue(name, value),
    error: errors[name],
  });

  /** Shows the field errors of a 400 answer under their fields. */
  const showServerFields = (error: unknown) => {
    if (error instanceof ApiError) setErrors(error.fields);
  };

  return { values, setValue, setValues, errors, setErrors, field, submit, showServerFields };
}
