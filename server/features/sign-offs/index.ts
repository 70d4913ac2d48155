/** What other features may use from the second reviewer's sign-off (decision 073). */
export { hasOtherReviewer, inSample, planSignOff, type SamplingSettings, type SignOffPlan } from './sample';
export { assertNotAwaitingSignOff, awaitingSignOff, pendingSignOff, signerOfDelivery, signOffOfOrder, signOffPending } from './read-sign-offs';
export { decideSignOff, requestSignOff, type SignOffEffects } from './request-sign-off';
