export const MAX_TITLE_CHARACTERS = 60;

/** Decision 006: the uploaded file's name without extension, else the first words of the content (≤ 60 chars). */
export function deriveTitle(content: string, fileName?: string | null): string {
  const fromFile = fileName ? titleFromFileName(fileName) : '';
  if (fromFile) return fromFile;
  return firstWords(content, MAX_TITLE_CHARACTERS);
}

function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.includes('.') && !base.startsWith('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return withoutExtension.replace(/\s+/g, ' ').trim().slice(0, 255);
}

function firstWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : flat.slice(0, max)).trim();
}
