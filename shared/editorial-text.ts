// Who holds editorial responsibility (decision 060): the limits, messages and wording, without zod, so the order
// form's first script can show the field and its explanation (decision 051). editorial.schema.ts re-exports them.

export const MAX_EDITOR_CHARACTERS = 200;

export const EDITORIAL_MESSAGES = {
  shape: 'Give editorialResponsibility as an object with a name and, optionally, an organisation',
  text: 'Give the name (and the organisation) as text',
  name: `The name can be at most ${MAX_EDITOR_CHARACTERS} characters`,
  organisation: `The organisation can be at most ${MAX_EDITOR_CHARACTERS} characters`,
  control: 'Names cannot contain line breaks, tabs or other control characters',
  organisationWithoutName: 'Name the person (or the organisation itself) who holds editorial responsibility',
  memberCannotEdit: (organisationName: string) =>
    `Only an owner of ${organisationName} can change who holds editorial responsibility by default. Ask an owner.`,
  saved: 'Saved.',
} as const;

/** One line under the field on the order form and in Settings. */
export const EDITORIAL_EXPLANATION =
  'The person or organisation who publishes this text and holds editorial responsibility for it; our reviewer reviews the text. The name is shown on the certificate, unless you make it private.';

export const NOT_NAMED = 'not named';

/** "Jane Smith (Example News)", or "not named". */
export function editorLine(editor: { name: string; organisation?: string } | null | undefined): string {
  if (!editor) return NOT_NAMED;
  return editor.organisation ? `${editor.name} (${editor.organisation})` : editor.name;
}
