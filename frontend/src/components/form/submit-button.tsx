import type { ReactNode } from 'react';

interface SubmitButtonProps {
  children: ReactNode;
  /** While the call runs the button is disabled and says `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  fullWidth?: boolean;
}

export const primaryButtonClass =
  'rounded-lg bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600';

export function SubmitButton({ children, busy, busyLabel, disabled, fullWidth }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy || disabled} aria-busy={busy} className={`${primaryButtonClass} ${fullWidth ? 'w-full' : ''}`}>
      {busy ? busyLabel : children}
    </button>
  );
}
