import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A top-bar icon link with a red count of what is unread (conversations, notifications). */
export function CountedLink({ to, label, count, icon, countTestId }: { to: string; label: string; count: number; icon: ReactNode; countTestId?: string }) {
  return (
    <Link to={to} aria-label={label} className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100">
      <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        {icon}
      </svg>
      {count > 0 && (
        <span aria-hidden data-testid={countTestId} className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
          {count}
        </span>
      )}
    </Link>
  );
}
