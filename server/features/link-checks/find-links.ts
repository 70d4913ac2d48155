/** A URL or DOI in a text, with its UTF-16 span and the address to fetch. */
export interface FoundLink {
  text: string;
  start: number;
  end: number;
  url: string;
}

// A URL runs to the next space or angle bracket; closing punctuation at its end belongs to the sentence.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"“”]+/gi;
const DOI_PATTERN = /\b(?:doi:\s?)?(10\.\d{4,9}\/[^\s<>"“”]+)/gi;
const TRAILING = /[.,;:!?)\]}'’]+$/;
export const MAX_LINKS_PER_ORDER = 50;

function trimTrailing(text: string): string {
  // Keep a closing bracket that has its opening one inside (a Wikipedia-style URL).
  let trimmed = text.replace(TRAILING, '');
  while (trimmed.length < text.length && text[trimmed.length] === ')' && trimmed.split('(').length > trimmed.split(')').length) {
    trimmed = text.slice(0, trimmed.length + 1);
  }
  return trimmed;
}

/** Every distinct URL and DOI of the text, in order of appearance, at most MAX_LINKS_PER_ORDER. */
export function findLinks(text: string): FoundLink[] {
  const found: FoundLink[] = [];
  const taken: [number, number][] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const value = trimTrailing(match[0]);
    found.push({ text: value, start: match.index, end: match.index + value.length, url: value });
    taken.push([match.index, match.index + value.length]);
  }
  for (const match of text.matchAll(DOI_PATTERN)) {
    const doi = trimTrailing(match[1]!);
    const start = match.index + match[0].indexOf(match[1]!);
    if (taken.some(([a, b]) => start >= a && start < b)) continue; // a DOI inside a URL (https://doi.org/10...)
    found.push({ text: doi, start, end: start + doi.length, url: `https://doi.org/${doi}` });
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.start - b.start)
    .filter((link) => (seen.has(link.url) ? false : (seen.add(link.url), true)))
    .slice(0, MAX_LINKS_PER_ORDER);
}
