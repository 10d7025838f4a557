import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ListingStatus, Translated } from '@market/contracts';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { myListingsPath } from '../paths';

/** 'E'longiz yaratildi.' (or what happened to an edit), with OK back to the seller's tab that now holds the listing. */
export function WizardSuccess({ message, status }: { message: Translated; status: ListingStatus }) {
  const { t } = useTranslation(['sell', 'messages']);
  const navigate = useNavigate();
  const okRef = useRef<HTMLButtonElement>(null);
  useEffect(() => okRef.current?.focus(), []);
  return (
    <section aria-labelledby="wizard-success" className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <svg aria-hidden viewBox="0 0 48 48" className="mx-auto h-16 w-16 text-brand-700">
        <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id="wizard-success" className="mt-4 text-xl font-semibold text-slate-900">
        {message[currentLanguage()]}
      </h2>
      {status === 'waiting' && <p className="mt-2 text-slate-600">{t('messages:listingWaitsForApproval')}</p>}
      <button ref={okRef} type="button" onClick={() => navigate(myListingsPath(status))} className={`${primaryButtonClass} mt-6 w-full`}>
        {t('success.ok')}
      </button>
    </section>
  );
}
