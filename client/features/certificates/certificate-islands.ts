/**
 * The script of /verify/:code for a visitor (decision 076), in place of the app: the static pages' islands (decision
 * 049: the small screens' menu) and the certificate's checks, without React. A signed-in visitor gets the app.
 */
import { pageEarlyActions } from '@shared/early-actions';
import { installStaticIslands, ISLANDS_READY_ATTRIBUTE } from '@client/static-islands';
import { installCertificateIsland } from './verify-island';

// A press or submit held since the page was parsed (decision 040) acts once the island is installed.
const early = pageEarlyActions();
early.release();
installStaticIslands();
void installCertificateIsland();
document.documentElement.setAttribute(ISLANDS_READY_ATTRIBUTE, '');
early.replay();
