import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

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

interface PaymentModalProps {
  title: string;
  /** e.g. 'Step 2 of 3', under the title. */
  subtitle?: string;
  /** Changes when the content is replaced (the next step): focus moves to its `data-autofocus` element. */
  contentKey: string;
  onClose: () => void;
  /** A way back to the previous step, shown as a button in the header. */
  onBack?: () => void;
  children: ReactNode;
}

/**
 * The payment dialog's frame on the native <dialog>: shown modal, so the page behind is inert;
 * Tab cycles through its controls; Escape and the × close it. Render it only while open.
 */
export function PaymentModal({ title, subtitle, contentKey, onClose, onBack, children }: PaymentModalProps) {
  const { t } = useTranslation('payments');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current!;
    const returnFocusTo = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      dialog.close();
      returnFocusTo?.focus();
    };
  }, []);

  // React's autoFocus runs before the dialog is shown, so each step marks its first control instead.
  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [contentKey]);

  const headerButton =
    'rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600';

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      // Escape goes through the owner, which unmounts the dialog.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start gap-2 border-b border-slate-200 px-4 py-3 sm:px-5 sm:py-4">
        {onBack && (
          <button type="button" onClick={onBack} aria-label={t('dialog.back')} className={`-ml-1 text-xl leading-none ${headerButton}`}>
            <span aria-hidden>←</span>
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
        </div>
        <button type="button" onClick={onClose} aria-label={t('dialog.close')} className={`-mr-1 text-2xl leading-none ${headerButton}`}>
          <span aria-hidden>×</span>
        </button>
      </div>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </dialog>
  );
}
