// Without zod: the verify page's island (decision 076) hashes texts with it.

/**
 * The delivered text as it is hashed: Unicode NFC, LF line endings, trimmed. A copy pasted from an e-mail or a
 * Windows editor hashes the same; any changed character does not.
 */
export function normaliseTextForHash(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}
