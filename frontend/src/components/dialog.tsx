import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside the dialog: the native modal makes the page inert but lets focus leave for
 * the browser's own controls after the last button.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}

const WIDTHS = { md: 'max-w-md', lg: 'max-w-lg' } as const;

const headerButtonClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600';

export interface DialogProps {
  title: string;
  /** Under the title, e.g. 'Step 2 of 3'. */
  subtitle?: string;
  /** The question or warning the dialog asks about, read out with its title (aria-describedby). */
  description?: ReactNode;
  /** Accessible name of the × button; omitted when the dialog has its own way out (e.g. a 'Yo'q' button). */
  closeLabel?: string;
  /** Escape and × ask the owner, which may be busy, and which unmounts the dialog to close it. */
  onClose: () => void;
  /** A way back to the previous step: a ← button in the header. */
  back?: { label: string; onBack: () => void };
  /** Changes when the content is replaced (the next step): focus moves to its `data-autofocus` element. */
  contentKey?: string;
  size?: keyof typeof WIDTHS;
  children: ReactNode;
}

/**
 * The app's one modal dialog, on the native <dialog>: shown modal, so the page behind is inert;
 * focus starts on the first control (or the one marked `data-autofocus`), Tab cycles through the
 * dialog's controls, Escape asks `onClose`, and focus goes back to where it was when the dialog
 * closes. Render it only while open.
 */
export function Dialog({ title, subtitle, description, closeLabel, onClose, back, contentKey, size = 'lg', children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current!;
    const returnFocusTo = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      dialog.close();
      // The opener may be gone (e.g. the card the dialog acted on left the list).
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, []);

  // React's autoFocus runs before the dialog is shown, so content marks its first control instead.
  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [contentKey]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={keepFocusInside}
      // Escape: let the owner decide (it may be busy) instead of the browser closing it.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] ${WIDTHS[size]} overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      <div className="flex items-start gap-2 border-b border-slate-200 px-4 py-3 sm:px-5 sm:py-4">
        {back && (
          <button type="button" onClick={back.onBack} aria-label={back.label} className={`-ml-1 text-xl ${headerButtonClass}`}>
            <span aria-hidden>←</span>
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
        </div>
        {closeLabel && (
          <button type="button" onClick={onClose} aria-label={closeLabel} className={`-mr-1 text-2xl ${headerButtonClass}`}>
            <span aria-hidden>×</span>
          </button>
        )}
      </div>
      <div className="px-4 py-4 sm:px-5">
        {description && (
          <p id={descriptionId} className="text-slate-700">
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>
  );
}
