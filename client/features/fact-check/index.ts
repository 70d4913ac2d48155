/** What other features may use from the fact-check feature. */
export { PassageInContext } from './passage-in-context';
export { ReviewDelivery } from './review-delivery';
export { SourceLinks } from './source-links';
export { VerdictBadge } from './verdict-badge';
