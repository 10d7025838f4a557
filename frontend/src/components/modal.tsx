import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  /** Accessible name of the × button; omitted when the dialog has its own way out (e.g. a 'Yo'q' button). */
  closeLabel?: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and
 * closes it with Escape; focus goes back to where it was when the dialog closes. Render it only while open.
 */
export function Modal({ title, closeLabel, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

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

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      // Escape: let the owner decide (it may be busy) instead of the browser closing it.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {closeLabel && (
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="-m-1 rounded-md p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span aria-hidden>×</span>
          </button>
        )}
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
