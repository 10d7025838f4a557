import { LIMITS } from '@market/contracts';
import { TextField } from './text-field';

/** The 5-digit SMS code: digits only, offered by the phone's SMS autofill. */
export function CodeField({ label, value, onChange, error }: { label: string; value: string; onChange: (code: string) => void; error?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(code) => onChange(code.replace(/\D/g, '').slice(0, LIMITS.resetCodeDigits))}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={LIMITS.resetCodeDigits}
      placeholder={'0'.repeat(LIMITS.resetCodeDigits)}
      autoFocus
    />
  );
}
