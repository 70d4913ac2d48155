export { checkLink } from './check-link';
export { findLinks } from './find-links';
export { checkLinksJob, checkLinksOf, checkLinksRound, linkChecksFor } from './stored-link-checks';
