import { ReportedConversationsPage } from '../../../features/conversations';

/** /profile/reported-conversations: the moderators' queue of reported conversations. */
function ReportedConversationsRoute() {
  return <ReportedConversationsPage />;
}

export { ReportedConversationsRoute as Component };
