import { readPendingSubmissionRaw } from '@client/lib/pending-submission';
import { readFormDraft } from '@client/features/submissions';
import { parse, text } from './pending-order-summary';

export { pendingOrderLine, readPendingOrder, type PendingOrder } from './pending-order-summary';

/** The name and e-mail typed into the order form: the pending submission's, else this tab's draft's. */
export function typedContact(): { firstName: string; lastName: string; email: string } | null {
  const pending = parse(readPendingSubmissionRaw());
  const values = readFormDraft()?.values ?? {};
  const name = (text(pending?.contactName) || text(values.contactName)).trim();
  const email = (text(pending?.contactEmail) || text(values.contactEmail)).trim();
  if (!name && !email) return null;
  const [firstName = '', ...rest] = name.split(/\s+/).filter(Boolean);
  return { firstName, lastName: rest.join(' '), email };
}

