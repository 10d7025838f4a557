import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { landingPath, openStartTarget } from '../features/telegram-app';
import { startInStoredLanguage } from '../lib/i18n';
import { registerServiceWorker } from '../sw/register-service-worker';
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

// The texts and the page's own code first (inside Telegram, of the page the link names): the
// first render is then the whole page (it replaces index.html's top bar). Rendered as a
// transition, React yields to the browser every few milliseconds instead of blocking a phone's
// main thread for the whole first render.
void Promise.all([startInStoredLanguage(), preloadRoute(landingPath()), openStartTarget().then(() => preloadRoute(window.location.pathname))]).then(() =>
  startTransition(() => createRoot(document.getElementById('root')!).render(app)),
);

registerServiceWorker();
