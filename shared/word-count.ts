/** Number of whitespace-separated tokens of the trimmed text; 0 for blank text. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return trimmed.split(/\s+/u).length;
}
