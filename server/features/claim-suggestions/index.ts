export { suggestClaims } from './suggest-claims';
export { suggestClaimsJob, suggestClaimsRound, suggestionsFor } from './stored-suggestions';
