import { SAFETY_WARNING } from '@market/contracts';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { TitledSection } from '../../../components/titled-section';

/** The buyer's safety warning beside the seller's contact (issue 22): the channel captions carry it too. */
export function SafetyWarning() {
  const { t } = useTranslation('listing-page');
  return (
    <TitledSection title={t('detail.safety')} as="aside" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" titleClassName="font-semibold">
      <p className="mt-1">{SAFETY_WARNING[currentLanguage()]}</p>
    </TitledSection>
  );
}
