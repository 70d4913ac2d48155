/** What other features may use from the messages feature. */
export { MessagesPanel } from './messages-panel';
export { recentMessagesQueryOptions, useRecentMessageCount } from './api/get-recent-messages';
