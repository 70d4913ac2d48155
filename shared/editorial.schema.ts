import { z } from 'zod';
import { EDITORIAL_MESSAGES, MAX_EDITOR_CHARACTERS } from './editorial-text';

// ---------------------------------------------------------------------------------------------
// Who holds editorial responsibility for a reviewed text (issue 43, decision 060). Under Article 50(4) of the EU AI
// Act that is the publisher, our customer, not our reviewer: the reviewer reviews, the named person or organisation
// holds editorial responsibility. Named on the order (the form, POST /api/submissions, POST /api/v1/orders) or by a
// default in Settings, which an organisation's owners set for the organisation.
// ---------------------------------------------------------------------------------------------

export { EDITORIAL_EXPLANATION, EDITORIAL_MESSAGES, editorLine, MAX_EDITOR_CHARACTERS, NOT_NAMED } from './editorial-text';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;

const field = (message: string) =>
  z
    .string({ error: EDITORIAL_MESSAGES.text })
    .refine((v) => !CONTROL.test(v), EDITORIAL_MESSAGES.control)
    .transform((v) => v.replace(/\s+/gu, ' ').trim())
    .pipe(z.string().max(MAX_EDITOR_CHARACTERS, message));

/** As stored and shown: a name, and the organisation the person acts for when given. */
export const editorialResponsibilitySchema = z.object({
  name: z.string(),
  organisation: z.string().optional(),
});
export type EditorialResponsibility = z.infer<typeof editorialResponsibilitySchema>;

/**
 * As sent: both fields optional, so the form can send empty ones. A blank name is "not named here" (null); an
 * organisation without a name is refused, since an organisation alone belongs in the name.
 */
export const editorialResponsibilityInputSchema = z
  .object(
    {
      name: field(EDITORIAL_MESSAGES.name).optional().default(''),
      organisation: field(EDITORIAL_MESSAGES.organisation).optional().default(''),
    },
    { error: EDITORIAL_MESSAGES.shape },
  )
  .refine((v) => v.name !== '' || v.organisation === '', { message: EDITORIAL_MESSAGES.organisationWithoutName, path: ['name'] })
  .transform((v): EditorialResponsibility | null => (v.name === '' ? null : { name: v.name, ...(v.organisation ? { organisation: v.organisation } : {}) }));

/** GET/PUT /api/editorial-responsibility: the default of the caller's orders (their organisation's, or their own). */
export const editorialDefaultSchema = z.object({
  owner: z.enum(['organisation', 'account']),
  organisationName: z.string().nullable(),
  canEdit: z.boolean(),
  editorialResponsibility: editorialResponsibilitySchema.nullable(),
});
export type EditorialDefault = z.infer<typeof editorialDefaultSchema>;
export const editorialDefaultInputSchema = z.object({ editorialResponsibility: editorialResponsibilityInputSchema.nullable() });
