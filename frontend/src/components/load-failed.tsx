import type { ReactNode } from 'react';

/** The button that loads again what failed to load: it reads as a link, but a finger gets 44 px of it (WCAG 2.5.5). */
export function RetryButton({ onRetry, children, className = '' }: { onRetry: () => void; children: ReactNode; className?: string }) {
  return (
    <button type="button" onClick={onRetry} className={`inline-flex min-h-11 items-center font-medium underline hover:no-underline ${className}`}>
      {children}
    </button>
  );
}

/** What a page or a part of it shows when its data failed to load: why, and a way to try again when one helps. */
export function LoadFailed({ message, retry }: { message: ReactNode; retry?: { label: string; onRetry: () => void } }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      {retry && (
        <RetryButton onRetry={retry.onRetry} className="mt-1">
          {retry.label}
        </RetryButton>
      )}
    </div>
  );
}
