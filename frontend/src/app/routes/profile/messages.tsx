import { ConversationsPage } from '../../../features/conversations';
import { MyDeals } from '../../../features/reputation';

/** /profile/messages: my deals to confirm and review, then the conversations. */
function MessagesRoute() {
  return (
    <>
      <MyDeals />
      <ConversationsPage />
    </>
  );
}

export { MessagesRoute as Component };
