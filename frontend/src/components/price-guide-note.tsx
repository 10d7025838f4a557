import { pricePosition, type PriceGuideQuery } from '@market/contracts';
import { formatAmount, formatSom } from '../lib/format';
import { currentLanguage, useTranslation } from '../lib/i18n';
import { usePriceGuide } from '../lib/price-guide';

interface PriceGuideNoteProps extends Partial<PriceGuideQuery> {
  /** A listing's price in so'm: the note then says where it sits in the range. */
  priceUzs?: number;
}

/**
 * 'O'xshash telefonlar: 3 200 000 - 3 800 000 so'm', and where a price sits; below five comparable
 * phones the catalogue's reference band, said to be approximate and without a position.
 */
export function PriceGuideNote({ priceUzs, ...query }: PriceGuideNoteProps) {
  const { t } = useTranslation('common');
  const guide = usePriceGuide(query).data;
  if (!guide || guide.low === null || guide.high === null) return null;
  const position = priceUzs === undefined || guide.source === 'reference' ? null : pricePosition(priceUzs, guide);
  return (
    <p className="text-sm text-slate-600">
      {t(guide.source === 'reference' ? 'priceGuide.reference' : 'priceGuide.range', { low: formatAmount(guide.low), high: formatSom(guide.high, currentLanguage()), count: guide.count })}
      {position && <span className="block font-medium text-slate-800">{t(`priceGuide.position.${position}`)}</span>}
    </p>
  );
}
