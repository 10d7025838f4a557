import { useTranslation } from '../../../lib/i18n';
import { useModerationCard } from '../api/get-moderation-card';
import { ModerationBar } from './moderation-bar';

/** An admin's view of any listing's page (issue 35): the moderation bar, with the findings and the decisions, instead of the seller's notice. */
export function ListingModeration({ id }: { id: string }) {
  const { t } = useTranslation('moderation');
  const card = useModerationCard(id);
  if (!card.data) return null;
  return (
    <section aria-label={t('title')} className="mb-4 rounded-xl border border-slate-200 bg-white p-4">
      <ModerationBar listing={card.data} queue={{ status: card.data.status, page: 1 }} />
    </section>
  );
}
