import { useParams } from 'react-router-dom';
import { ThreadPage } from '../../../features/conversations';

/** /profile/messages/{id}: one conversation's thread. */
function MessageThreadRoute() {
  const { id = '' } = useParams();
  return <ThreadPage key={id} conversationId={id} />;
}

export { MessageThreadRoute as Component };
