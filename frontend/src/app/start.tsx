import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { prepareMiniApp } from '../features/telegram-app';
import { startInStoredLanguage } from '../lib/i18n';
import { registerServiceWorker } from '../sw/register-service-worker';
import { loadWebTopBar } from './app-layout';
import { AppProviders } from './providers';
import { AppRoutes, preloadRoute } from './router';

const app = (
  <StrictMode>
    <AppProviders>
      {/* Navigations render at once, so a sign-out can leave the profile before the user is gone. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// Inside Telegram the address moves to the page the link names, and its colours and language go
// on (with its shell's code to wait for: not its SDK, which loads after the first paint); on the
// web the shell is the top bar (a chunk failing waits for its component instead). Then the
// texts and the page's own code: the first render is the whole page (it replaces index.html's top
// bar). Rendered as a transition, React yields to the browser every few milliseconds instead of
// blocking a phone's main thread for the whole first render. The route first: the language's
// start then loads the page's own texts (router.tsx) in that language too.
void prepareMiniApp()
  .then((miniApp) => Promise.all([preloadRoute(window.location.pathname), startInStoredLanguage(miniApp?.language), miniApp ? miniApp.shell : loadWebTopBar().catch(() => undefined)]))
  .then(() => startTransition(() => createRoot(document.getElementById('root')!).render(app)));

registerServiceWorker();
