import { ConversationsPage } from '../../../features/conversations';

/** /profile/messages: the conversations. */
export { ConversationsPage as Component };
