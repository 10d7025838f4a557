import { use, type ComponentType, type ReactElement } from 'react';
import { loadTexts } from '../lib/i18n';
import { loadWhenOnline } from '../lib/load-chunk';

interface RouteModule {
  Component: ComponentType;
}

/** A page, loaded when first shown; `preload` starts that early (start.tsx, before the first render). */
export interface LazyPage {
  element: ReactElement;
  preload: () => Promise<void>;
}

/**
 * A route's page (router.tsx), or the web's top bar (app-layout.tsx), from its module, with the
 * texts only it reads (`texts`, namespaces no first page has). Once loaded it renders at once;
 * until then it suspends (a page shows the layout's loader). Declarative routes need a fraction
 * of the data router's code.
 */
export function page(load: () => Promise<RouteModule>, texts: readonly string[] = []): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= Promise.all([loadWhenOnline(load), loadTexts(texts)]).then(
      ([module]) => void (Loaded = module.Component),
      (error: unknown) => {
        // Not kept: the next render asks again (a redeploy; a lost connection is waited out).
        loading = undefined;
        throw error;
      },
    ));
  function Page() {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded /> : null;
  }
  return { element: <Page />, preload };
}
