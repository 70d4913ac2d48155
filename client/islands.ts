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
import { installStaticIslands, ISLANDS_READY_ATTRIBUTE } from './static-islands';

// A click or submit held since the page was parsed (decision 040) acts once its island is installed.
const early = pageEarlyActions();
early.release();
installStaticIslands();
document.documentElement.setAttribute(ISLANDS_READY_ATTRIBUTE, '');
early.replay();
