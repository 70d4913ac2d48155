/** What other features may use from the api-keys feature (Settings → API keys). */
export { ApiKeysCard } from './api-keys-card';
