/** What other features may use from the fact-check feature. */
export { assertFactCheckReady, listClaims } from './claims';
