import { cutAtWord, DERIVED_TITLE_CHARACTERS } from '../../../shared/order-title';

/** A title from a file name is kept to this many characters (cut at a word like any other). */
const MAX_FILE_TITLE_CHARACTERS = 255;

/**
 * Decision 006: the uploaded file's name without extension, else the first words of the content (≤ 60 chars), cut
 * at a word with an ellipsis (issue 45, decision 070).
 */
export function deriveTitle(content: string, fileName?: string | null): string {
  const fromFile = fileName ? titleFromFileName(fileName) : '';
  if (fromFile) return fromFile;
  return cutAtWord(content, DERIVED_TITLE_CHARACTERS);
}

function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.includes('.') && !base.startsWith('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return cutAtWord(withoutExtension, MAX_FILE_TITLE_CHARACTERS);
}
