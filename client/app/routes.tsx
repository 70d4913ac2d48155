import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { NOT_FOUND_PAGE, PAGE_ROUTES, type PageRoute } from '@shared/routes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their route's params as props
type PageComponent = ComponentType<any>;

/** Every page module, each its own chunk: a public page never downloads the dashboard, admin or checkout. */
const modules = import.meta.glob<{ default: PageComponent }>('../features/*/*-page.tsx');

const loaded = new Map<string, LazyExoticComponent<PageComponent>>();
function pageComponent(page: string): LazyExoticComponent<PageComponent> {
  let component = loaded.get(page);
  if (!component) {
    const load = modules[`../${page}`];
    if (!load) throw new Error(`The route table names ${page}, which is not a page module under client/features`);
    component = lazy(load);
    loaded.set(page, component);
  }
  return component;
}

export interface RoutedPage extends PageRoute {
  Page: LazyExoticComponent<PageComponent>;
  SignedInPage?: LazyExoticComponent<PageComponent>;
}

/** The route table (shared/routes.ts) with each page's lazily loaded component. */
export const routedPages: readonly RoutedPage[] = PAGE_ROUTES.map((route) => ({
  ...route,
  Page: pageComponent(route.page),
  ...(route.signedInPage ? { SignedInPage: pageComponent(route.signedInPage) } : {}),
}));

export const NotFoundPage = pageComponent(NOT_FOUND_PAGE);
