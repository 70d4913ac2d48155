/**
 * The script of the static public pages (decision 049; `islands` in shared/routes.ts). For a visitor, such a page
 * is its pre-rendered HTML plus the few controls that need a script, each enhanced here without React: the small
 * screens' menu, the blog's filters and the newsletter box. Links are plain links.
 *
 * A visitor holding the signed-in hint gets the app instead (main.tsx), which hydrates the page as on any other
 * route, so the navbar shows their account (and / their home): the page names both scripts, and its loader starts
 * the one for this visitor (server/plugins/after-paint.ts).
 */
import { pageEarlyActions } from '@shared/early-actions';
import { installMobileMenuIsland } from '@client/components/layout/mobile-menu-island';
import { installBlogFilterIsland } from '@client/features/public-site/blog/blog-filter-island';
import { installNewsletterIslands } from '@client/features/public-site/components/newsletter-island';

/** Set on <html> once every island works (the e2e tests wait for it, as for React's hydration elsewhere). */
const ISLANDS_READY_ATTRIBUTE = 'data-islands-ready';

// A click or submit held since the page was parsed (decision 040) acts once its island is installed.
const early = pageEarlyActions();
early.release();
installMobileMenuIsland();
installBlogFilterIsland();
installNewsletterIslands();
document.documentElement.setAttribute(ISLANDS_READY_ATTRIBUTE, '');
early.replay();
