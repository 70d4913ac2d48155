import { MAX_MESSAGE_CHARACTERS } from '@shared/message.schema';
import { BRAND } from '@shared/brand';

export const REVIEW_TEAM_LABEL = `${BRAND.name} review team`;
export const CUSTOMER_LABEL = 'Customer';
export const MESSAGES_POLL_MS = 30_000;

/** Blank or whitespace-only text, or text over the limit, cannot be sent. */
export function canSendMessage(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_MESSAGE_CHARACTERS;
}

/**
 * Who wrote a message, as the viewer sees it: the viewer's own side is "You"; a customer sees the team's
 * label on admin messages, and a colleague's name on another member's (an organisation's order); an admin sees
 * "Customer" on the customer's.
 */
export function messageAuthorLabel(isFromAdmin: boolean, viewerIsAdmin: boolean, colleague?: string | null): string {
  if (!isFromAdmin && !viewerIsAdmin && colleague) return colleague;
  if (isFromAdmin === viewerIsAdmin) return 'You';
  return isFromAdmin ? REVIEW_TEAM_LABEL : CUSTOMER_LABEL;
}
