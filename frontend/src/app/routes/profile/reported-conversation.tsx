import { useParams, useSearchParams } from 'react-router-dom';
import { ReportedThreadPage } from '../../../features/conversations';

/** /profile/reported-conversations/{id}?listing=: one reported conversation's thread, for moderators. */
function ReportedConversationRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  return <ReportedThreadPage key={id} conversationId={id} listingId={searchParams.get('listing') ?? ''} />;
}

export { ReportedConversationRoute as Component };
