// Runs inside the extraction child process (extract-worker.ts): keep its imports light (no zod, no database).
import { checkZipExpansion, ExtractionLimitError } from './zip-guard';

export { ExtractionLimitError } from './zip-guard';

export const SUPPORTED_EXTENSIONS = ['txt', 'docx', 'pdf'] as const;
export type SupportedExtension = (typeof SUPPORTED_EXTENSIONS)[number];

export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
}

/** What one extraction may use; the parent process passes EXTRACTION_LIMITS (limits.ts). */
export interface ContentLimits {
  maxUnzippedBytes: number;
  maxZipEntries: number;
  maxPdfPages: number;
  maxCharacters: number;
}

const MIME_EXTENSIONS: Record<string, SupportedExtension> = {
  'text/plain': 'txt',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** The file's kind from its name, else from its declared content type; null when it is none we read. */
export function fileKind(fileName: string, contentType: string | undefined): SupportedExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot > 0 || (dot === 0 && fileName.length > 1)) {
    const extension = fileName.slice(dot + 1).toLowerCase();
    return (SUPPORTED_EXTENSIONS as readonly string[]).includes(extension) ? (extension as SupportedExtension) : null;
  }
  const mime = contentType?.split(';')[0]?.trim().toLowerCase();
  return mime ? (MIME_EXTENSIONS[mime] ?? null) : null;
}

/** A .docx is a zip ("PK\x03\x04"); a PDF starts with "%PDF-" (allowing a little junk before it, as readers do). */
export function hasExpectedSignature(kind: SupportedExtension, bytes: Buffer): boolean {
  if (kind === 'docx') return bytes.length >= 4 && bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (kind === 'pdf') return bytes.subarray(0, 1024).includes('%PDF-');
  return !bytes.subarray(0, 8192).includes(0);
}

function normalise(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The plain text of a file we accept. UnreadableFileError when it is corrupt or holds no text;
 * ExtractionLimitError when it unpacks to too much, has too many pages or more text than an order takes.
 */
export async function extractText(kind: SupportedExtension, bytes: Buffer, limits: ContentLimits): Promise<string> {
  let text: string;
  try {
    text = await extractRaw(kind, bytes, limits);
  } catch (err) {
    if (err instanceof ExtractionLimitError) throw err;
    throw new UnreadableFileError(err instanceof Error ? err.message : String(err));
  }
  const cleaned = normalise(text);
  if (cleaned === '') throw new UnreadableFileError('no text');
  if (cleaned.length > limits.maxCharacters) throw new ExtractionLimitError('text longer than an order', 'tooMuchText');
  return cleaned;
}

async function extractRaw(kind: SupportedExtension, bytes: Buffer, limits: ContentLimits): Promise<string> {
  if (kind === 'txt') return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (kind === 'docx') {
    // Mammoth (JSZip) would inflate the parts it reads into memory whatever their size: measure them first.
    checkZipExpansion(bytes, { maxBytes: limits.maxUnzippedBytes, maxEntries: limits.maxZipEntries });
    const { default: mammoth } = await import('mammoth');
    return (await mammoth.extractRawText({ buffer: bytes })).value;
  }
  return extractPdf(bytes, limits);
}

/** Page by page, so a document of many pages (or pages of much text) stops at the first limit it passes. */
async function extractPdf(bytes: Buffer, limits: ContentLimits): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    if (pdf.numPages > limits.maxPdfPages) throw new ExtractionLimitError(`pdf: ${pdf.numPages} pages`);
    // Whitespace is collapsed afterwards, so allow some slack before calling the text too long.
    const rawBudget = limits.maxCharacters * 4;
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      page.cleanup();
      length += text.length;
      if (length > rawBudget) throw new ExtractionLimitError('pdf: text longer than an order', 'tooMuchText');
      pages.push(text);
    }
    // As unpdf's mergePages: collapse spaces, keep line structure, at most one blank line.
    return pages
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
}
