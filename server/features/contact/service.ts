import type { ContactMessageInput, NewsletterSignupInput } from '../../../shared/contact.schema';
import type { Executor } from '../../db/client';
import { contactMessages, newsletterSubscribers } from '../../db/schema';
import { newId } from '../../lib/ids';
import { notifyContactMessage } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';

/** Stores a contact-form message and records the e-mail to support in the same transaction. */
export async function createContactMessage(db: Executor, mail: MailSettings, input: ContactMessageInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ id: newId(), ...input })
      .returning();
    if (!row) throw new Error('contact message was not stored');
    await notifyContactMessage(mail, tx, row);
    return row;
  });
}

/**
 * Adds an address to the newsletter list, lower-cased. Subscribing twice is not an error (the visitor
 * sees the same thanks, and nobody can learn whether an address is on the list); the row is stored once.
 */
export async function subscribeToNewsletter(db: Executor, input: NewsletterSignupInput): Promise<{ created: boolean }> {
  const email = input.email.toLowerCase();
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ email: newsletterSubscribers.email });
  return { created: inserted.length > 0 };
}

