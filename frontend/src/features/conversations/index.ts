/** Conversations between buyers and sellers (issue 37): the listing page's button, the list, the thread, the top bar's count. */
export { WriteToSeller } from './components/write-to-seller';
export { ConversationsPage } from './components/conversations-page';
export { ThreadPage } from './components/thread-page';
export { MessagesLink } from './components/messages-link';
