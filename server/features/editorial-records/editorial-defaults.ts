import { EDITORIAL_MESSAGES, type EditorialDefault, type EditorialResponsibility } from '../../../shared/editorial.schema';
import type { Executor } from '../../db/client';
import { editorialDefaults } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { heldBy, holderColumn, holderKey, holderOf, type CustomerHolder } from '../organisations';

function toDefault(holder: CustomerHolder, row: { name: string; organisation: string | null } | undefined): EditorialDefault {
  return {
    owner: 'organisationId' in holder ? 'organisation' : 'account',
    organisationName: holder.organisationName,
    canEdit: holder.canEdit,
    editorialResponsibility: row ? { name: row.name, ...(row.organisation ? { organisation: row.organisation } : {}) } : null,
  };
}

/** GET /api/editorial-responsibility: the default of the caller's orders (their organisation's, or their own). */
export async function readEditorialDefault(db: Executor, userId: string): Promise<EditorialDefault> {
  const holder = await holderOf(db, userId);
  const [row] = await db.select().from(editorialDefaults).where(heldBy(editorialDefaults, holder)).limit(1);
  return toDefault(holder, row);
}

/** PUT: sets or (null) clears it. An organisation's owners set it for the organisation; its members get 403. */
export async function replaceEditorialDefault(db: Executor, userId: string, editor: EditorialResponsibility | null): Promise<EditorialDefault> {
  const holder = await holderOf(db, userId);
  if (!holder.canEdit) throw forbidden(EDITORIAL_MESSAGES.memberCannotEdit(holder.organisationName));
  if (!editor) {
    await db.delete(editorialDefaults).where(heldBy(editorialDefaults, holder));
    return toDefault(holder, undefined);
  }
  const values = { name: editor.name, organisation: editor.organisation ?? null, updatedBy: userId, updatedAt: new Date() };
  const [row] = await db
    .insert(editorialDefaults)
    .values({ id: newId(), ...holderKey(holder), ...values })
    .onConflictDoUpdate({ target: holderColumn(editorialDefaults, holder), set: values })
    .returning();
  return toDefault(holder, row);
}
