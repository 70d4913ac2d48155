import { installMobileMenuIsland } from '@client/components/layout/mobile-menu-island';
import { installBlogFilterIsland } from '@client/features/public-site/blog/blog-filter-island';
import { installNewsletterIslands } from '@client/features/public-site/components/newsletter-island';

/** Set on <html> once every island works (the e2e tests wait for it, as for React's hydration elsewhere). */
export const ISLANDS_READY_ATTRIBUTE = 'data-islands-ready';

/**
 * The controls of a static page that need a script, each enhanced without React (decision 049): the small
 * screens' menu, the blog's filters and the newsletter box. Each does nothing on a page without its control.
 */
export function installStaticIslands(): void {
  installMobileMenuIsland();
  installBlogFilterIsland();
  installNewsletterIslands();
}
