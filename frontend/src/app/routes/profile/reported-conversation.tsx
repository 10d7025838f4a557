import { useParams } from 'react-router-dom';
import { ReportedThreadPage } from '../../../features/conversations';

/** /profile/reported-conversations/{id}: one reported conversation's thread, for moderators. */
function ReportedConversationRoute() {
  const { id = '' } = useParams();
  return <ReportedThreadPage key={id} conversationId={id} />;
}

export { ReportedConversationRoute as Component };
