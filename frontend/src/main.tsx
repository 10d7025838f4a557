import './index.css';

/**
 * Resolves once the browser has painted the page as the server sent it (index.html's top
 * bar); at once in a hidden tab, which paints nothing until shown.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve));
  });
}

// A phone shows the top bar first, then spends its time starting the app (its code is
// already downloading: index.html preloads it).
void afterFirstPaint().then(() => import('./app/start'));
