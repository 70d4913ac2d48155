/**
 * The script of /contact and /help-center for a visitor (decision 071), in place of the app: the static pages'
 * islands (decision 049: the small screens' menu) and the support pages' own, without React: the contact form, the
 * help center's search and its status line. A visitor holding the signed-in hint gets the app instead.
 */
import { pageEarlyActions } from '@shared/early-actions';
import { installStaticIslands, ISLANDS_READY_ATTRIBUTE } from '@client/static-islands';
import { installContactFormIslands } from './components/contact-form-island';
import { installServiceStatusIslands } from './components/service-status-island';
import { installHelpCenterIsland } from './help-center-island';

// A click or submit held since the page was parsed (decision 040) acts once its island is installed.
const early = pageEarlyActions();
early.release();
installStaticIslands();
installContactFormIslands();
installHelpCenterIsland();
installServiceStatusIslands();
document.documentElement.setAttribute(ISLANDS_READY_ATTRIBUTE, '');
early.replay();
