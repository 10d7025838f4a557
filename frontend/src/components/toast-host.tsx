import { useEffect } from 'react';
import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { LIMITS } from '@market/contracts';
import { useTranslation } from '../lib/i18n';
import { toastHostMounted } from '../lib/toast';

/** The notifications' container; loaded with the first notification (lib/toast). */
export default function ToastHost() {
  // Runs after the container's own effects: it is registered and shows what was asked for.
  useEffect(() => toastHostMounted(toast), []);
  const { t } = useTranslation();
  const closeLabel = t('closeNotification');
  // The library's cross is 14 px and named in English: a finger-sized one in the reader's language. The library
  // calls this as a plain function inside each notification, so it uses no hooks of its own.
  const closeButton = ({ closeToast }: CloseButtonProps) => (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
      aria-label={closeLabel}
      className="-my-2 -mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center self-start text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {/* A drawing, not a '×' character: the notification's text stays the message alone. */}
      <svg aria-hidden viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M3 3l10 10M13 3L3 13" />
      </svg>
    </button>
  );
  return <ToastContainer position="top-right" autoClose={LIMITS.toastAutoCloseMs} closeOnClick draggable closeButton={closeButton} />;
}
