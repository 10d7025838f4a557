import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';

/** The way from the moderators' listings queue to their queue of reported conversations. */
export function ReportedConversationsLink() {
  const { t } = useTranslation('conversations');
  return (
    <Link
      to="/profile/reported-conversations"
      className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-3 font-medium text-brand-700 hover:bg-brand-50"
    >
      {t('reported.title')}
    </Link>
  );
}
