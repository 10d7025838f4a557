import { Suspense } from 'react';
import { TopBar } from '../components/top-bar';
import { resetBrowsing } from '../features/listings';
import { lazyWhenOnline } from '../lib/load-chunk';

/** The unread counts only for a signed-in user (with the conversations' live connection, Socket.IO). */
const MessagesLink = lazyWhenOnline(() => import('../features/conversations/components/messages-link').then((module) => ({ default: module.MessagesLink })));
const NotificationsBell = lazyWhenOnline(() => import('../features/notifications/components/notifications-bell').then((module) => ({ default: module.NotificationsBell })));

/** Conversations and the inbox (issue 37): their unread counts in the top bar; their two places kept meanwhile. */
const SIGNED_IN_LINKS = (
  <Suspense
    fallback={
      <>
        <span aria-hidden className="h-11 w-11" />
        <span aria-hidden className="h-11 w-11" />
      </>
    }
  >
    <MessagesLink />
    <NotificationsBell />
  </Suspense>
);

/** The web app's top bar (app-layout.tsx); listings (issue 5): the logo starts browsing afresh, without filters or the scroll-back card. */
export function Component() {
  return <TopBar onLogoClick={resetBrowsing} signedInLinks={SIGNED_IN_LINKS} />;
}
