/**
 * The script of /login for a visitor (decision 076), in place of the app: the static pages' islands (decision 049:
 * the small screens' menu), the order waiting for sign-in, and the notice the order form carried here
 * ("Authentication Required", decision 051), without React. A visitor holding the signed-in hint gets the app.
 */
import { pageEarlyActions } from '@shared/early-actions';
import { takeCarriedToast } from '@client/components/ui/carried-toast';
import { showStaticToast } from '@client/components/ui/static-toast';
import { installStaticIslands, ISLANDS_READY_ATTRIBUTE } from '@client/static-islands';
import { installPendingOrderIsland } from './login-island';

const early = pageEarlyActions();
early.release();
installStaticIslands();
installPendingOrderIsland();
const carried = takeCarriedToast();
if (carried) showStaticToast(carried);
document.documentElement.setAttribute(ISLANDS_READY_ATTRIBUTE, '');
early.replay();
