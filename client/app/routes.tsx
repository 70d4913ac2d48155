import { lazy, useState, type ComponentType, type FunctionComponent } from 'react';
import { useMarkPageReadyOnceCommitted } from '@client/lib/page-ready';
import { findPageRoute, NOT_FOUND_PAGE, PAGE_ROUTES, type PageRoute } from '@shared/routes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their route's params as props
type PageComponent = ComponentType<any>;

/** A page of the route table: rendered lazily, or at once when its code is already here (see preload). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as PageComponent
export type RoutePageComponent = FunctionComponent<any> & {
  /** Loads the page's code; an instance mounted afterwards renders without suspending. */
  preload: () => Promise<void>;
};

/** Every page module, each its own chunk: a public page never downloads the dashboard, admin or checkout. */
const modules = import.meta.glob<{ default: PageComponent }>('../features/*/*-page.tsx');

const loaded = new Map<string, RoutePageComponent>();
function pageComponent(page: string): RoutePageComponent {
  const existing = loaded.get(page);
  if (existing) return existing;
  const loadModule = modules[`../${page}`];
  if (!loadModule) throw new Error(`The route table names ${page}, which is not a page module under client/features`);
  let resolved: PageComponent | undefined;
  const load = () =>
    loadModule().then((module) => {
      resolved = module.default;
      return module;
    });
  const Lazy = lazy(load);
  // Each mount keeps the component it started with: switching from the lazy wrapper to the resolved page later
  // would remount the page and lose its state.
  function RoutePage(props: Record<string, string | undefined>) {
    const [Component] = useState<PageComponent>(() => resolved ?? Lazy);
    // Then the page is ready for a held early action (client/lib/page-ready.ts).
    useMarkPageReadyOnceCommitted();
    return <Component {...props} />;
  }
  const Page: RoutePageComponent = Object.assign(RoutePage, { preload: () => load().then(() => undefined) });
  loaded.set(page, Page);
  return Page;
}

export interface RoutedPage extends PageRoute {
  Page: RoutePageComponent;
  SignedInPage?: RoutePageComponent;
}

/** The route table (shared/routes.ts) with each page's lazily loaded component. */
export const routedPages: readonly RoutedPage[] = PAGE_ROUTES.map((route) => ({
  ...route,
  Page: pageComponent(route.page),
  ...(route.signedInPage ? { SignedInPage: pageComponent(route.signedInPage) } : {}),
}));

export const NotFoundPage = pageComponent(NOT_FOUND_PAGE);

/**
 * Loads the code of the page at `pathname`, so no part of its pre-rendered HTML waits for code while it hydrates.
 * Otherwise its lazy boundary would stay server HTML until the code arrived, and an update reaching it meanwhile
 * (the account query answering, say) would make React throw that HTML away, with whatever the visitor had typed.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const route = findPageRoute(pathname);
  const routed = route ? routedPages.find((r) => r.path === route.path) : undefined;
  await (routed ? routed.Page : NotFoundPage).preload();
}
