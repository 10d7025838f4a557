/**
 * Conversations between buyers and sellers (issue 37): the listing page's button, the list, the thread, the top bar's
 * count; for moderators, the reported conversations and their threads.
 */
export { WriteToSeller } from './components/write-to-seller';
export { ConversationsPage } from './components/conversations-page';
export { ThreadPage } from './components/thread-page';
export { MessagesLink } from './components/messages-link';
export { ReportedConversationsPage } from './components/reported-conversations-page';
export { ReportedThreadPage } from './components/reported-thread-page';
export { ReportedConversationsLink } from './components/reported-conversations-link';
