export {
  createHumanProof,
  DEFAULT_BASE_URL,
  HumanProof,
  KEYS_PATH,
  type Certificate,
  type HumanProofOptions,
  type Message,
  type Order,
  type OrderInput,
  type OrderList,
  type OrderStatus,
  type OrderSummary,
  type PublishedKey,
  type Quote,
  type QuoteInput,
} from './client.js';
export { HumanProofError, problemOf, type ProblemDetails } from './errors.js';
export type { components, operations, paths } from './schema.js';
