import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

/** The narrow centred card of the sign-in, registration and reset screens. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <PageTitle documentTitle={title}>{title}</PageTitle>
        {children}
      </div>
      {footer && <div className="mt-4 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}

/** A short note in the card: what was sent where, what to do next. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
      {children}
    </p>
  );
}
