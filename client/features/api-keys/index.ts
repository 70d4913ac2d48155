/** What other features may use from the api-keys feature (Settings → API keys). */
export { ApiKeysCard } from './api-keys-card';
export { RevokeAllKeysButton } from './revoke-all-keys';
