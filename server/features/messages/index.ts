/** What other features may use from the messages feature. */
export { sendMessage } from './send-message';
