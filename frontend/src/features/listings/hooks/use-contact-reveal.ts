import { useState } from 'react';
import type { ListingContact } from '@market/contracts';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useRevealContact } from '../api/get-listing-contact';

export interface ContactReveal {
  /** The seller's number and Telegram, while shown. */
  contact: ListingContact | undefined;
  pending: boolean;
  errorMessage: string | null;
  /** Asks for the contact once (each ask is counted and limited); after that only shows or hides it. */
  toggle: () => void;
}

/** One reveal per page: the seller panel and the phone's contact bar show the same answer. */
export function useContactReveal(id: string): ContactReveal {
  const { t } = useTranslation('listing-page');
  const reveal = useRevealContact(id);
  const [shown, setShown] = useState(false);
  const errorMessage = reveal.error instanceof ApiError ? reveal.error.message : reveal.error ? t('seller.contactFailed') : null;

  const toggle = () => {
    if (shown) return setShown(false);
    if (reveal.data) return setShown(true);
    reveal.mutate(undefined, { onSuccess: () => setShown(true) });
  };

  return { contact: shown ? reveal.data : undefined, pending: reveal.isPending, errorMessage: shown ? null : errorMessage, toggle };
}

/** A Telegram username as a t.me link, with or without its '@'. */
export function telegramLink(username: string): string {
  return `https://t.me/${username.replace(/^@/, '')}`;
}
