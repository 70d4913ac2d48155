/** What other features may use from the api-keys feature. */
export { authenticateApiKey, requireApiCaller, type ApiCaller } from './authenticate';
export { ownApiKeys } from './keys';
export { inProcessCallHeader } from './in-process-calls';
