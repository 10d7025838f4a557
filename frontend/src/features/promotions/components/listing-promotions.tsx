import { useRef, useState, type ReactNode } from 'react';
import { PROMOTION_NAMES, type ListingPromotion, type PromotionOffer, type PromotionProduct } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { useSession } from '../../../lib/auth';
import { ApiError, NO_ANSWER } from '../../../lib/api-client';
import { formatSom, formatTashkentTime } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useBuyPromotion } from '../api/buy-promotion';
import { useListingPromotions } from '../api/get-listing-promotions';
import { usePromotionOffers } from '../api/get-promotion-offers';
import { TitledSection } from '../../../components/titled-section';

export interface TopUpDialogProps {
  open: boolean;
  onClose: () => void;
  /** So'm the purchase lacks, proposed as the amount to pay. */
  suggestedAmount?: number;
}

/** Draws the payments feature's picker (the route passes it in: features do not import each other). */
export type RenderTopUpDialog = (props: TopUpDialogProps) => ReactNode;

export interface ListingPromotionsProps {
  listingId: string;
  /** Only a listing on sale can be promoted; the others still show what they had. */
  onSale: boolean;
  topUpDialog: RenderTopUpDialog;
}

/**
 * The seller's promotions of one listing (issue 39): what is running and until when, the views and
 * contact reveals before and since each, and the products to buy with their prices. A short balance
 * opens the payment picker for the difference.
 */
export function ListingPromotions({ listingId, onSale, topUpDialog }: ListingPromotionsProps) {
  const { t } = useTranslation(['promotions', 'messages']);
  const offers = usePromotionOffers();
  const promotions = useListingPromotions(listingId);
  const buy = useBuyPromotion(listingId);
  const { user, addToBalance } = useSession();
  const [shortfall, setShortfall] = useState<number | null>(null);
  // One key per purchase: a retry after a lost answer is answered with the first purchase, never charged twice.
  const keys = useRef(new Map<PromotionProduct, string>());

  const purchase = (product: PromotionProduct) => {
    const idempotencyKey = keys.current.get(product) ?? crypto.randomUUID();
    keys.current.set(product, idempotencyKey);
    buy.mutate(
      { product, idempotencyKey },
      {
        onSuccess: (bought) => {
          keys.current.delete(product);
          if (user) addToBalance(bought.balance - user.balance);
          toast.success(t('boughtToast', { product: t(`messages:${PROMOTION_NAMES[product]}`) }), { action: `promotion-${product}` });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== NO_ANSWER) keys.current.delete(product);
          if (error instanceof ApiError && error.envelope?.shortfall) {
            setShortfall(error.envelope.shortfall);
            return;
          }
          toast.error(errorText(error), { action: `promotion-${product}` });
        },
      },
    );
  };

  return (
    <TitledSection title={t('title')} className="mb-4 rounded-xl border border-slate-200 bg-white p-4" titleClassName="font-semibold text-slate-900">
      {promotions.data && promotions.data.promotions.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={t('boughtList')}>
          {promotions.data.promotions.map((promotion) => (
            <PromotionLine key={promotion._id} promotion={promotion} />
          ))}
        </ul>
      )}
      {onSale && offers.data && (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {offers.data.products.map((offer) => (
            <li key={offer.product}>
              <ProductButton offer={offer} busy={buy.isPending} onBuy={() => purchase(offer.product)} />
            </li>
          ))}
        </ul>
      )}
      {topUpDialog({ open: shortfall !== null, onClose: () => setShortfall(null), suggestedAmount: shortfall ?? undefined })}
    </TitledSection>
  );
}

function ProductButton({ offer, busy, onBuy }: { offer: PromotionOffer; busy: boolean; onBuy: () => void }) {
  const { t } = useTranslation(['promotions', 'messages']);
  return (
    <button
      type="button"
      onClick={onBuy}
      disabled={busy}
      className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-brand-200 px-3 py-2 text-left hover:bg-brand-50 disabled:opacity-60"
    >
      <span>
        <span className="block font-medium text-slate-900">{t(`messages:${PROMOTION_NAMES[offer.product]}`)}</span>
        <span className="block text-xs text-slate-600">{t(`explain.${offer.product}`)}</span>
      </span>
      <span className="font-semibold whitespace-nowrap text-brand-800">{formatSom(offer.price, currentLanguage())}</span>
    </button>
  );
}

function PromotionLine({ promotion }: { promotion: ListingPromotion }) {
  const { t } = useTranslation(['promotions', 'messages']);
  const language = currentLanguage();
  return (
    <li className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <p className="font-medium text-slate-900">
        {t(`messages:${PROMOTION_NAMES[promotion.product]}`)} · {t(`state.${promotion.state}`)}
      </p>
      <p>
        {promotion.endsAt && promotion.state === 'running'
          ? t('until', { time: formatTashkentTime(promotion.endsAt) })
          : t('since', { time: formatTashkentTime(promotion.startsAt) })}
        {promotion.refunded > 0 && ` · ${t('refunded', { amount: formatSom(promotion.refunded, language) })}`}
      </p>
      <p>
        {t('stats', {
          viewsBefore: promotion.before.views,
          views: promotion.during.views,
          contactsBefore: promotion.before.contactReveals,
          contacts: promotion.during.contactReveals,
        })}
      </p>
    </li>
  );
}
