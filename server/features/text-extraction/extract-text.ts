export const SUPPORTED_EXTENSIONS = ['txt', 'docx', 'pdf'] as const;
export type SupportedExtension = (typeof SUPPORTED_EXTENSIONS)[number];

export const EXTRACTION_MESSAGES = {
  unsupported: 'Unsupported file type. Please upload a .txt, .docx or .pdf file.',
  tooLarge: 'File is too large. The limit is 10 MB.',
  unreadable: 'We could not read any text from this file.',
  tooMany: 'Too many uploads in a short time. Please wait a minute and try again.',
} as const;

export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
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

/** The plain text of a file we accept; UnreadableFileError when it is corrupt or holds no text. */
export async function extractText(kind: SupportedExtension, bytes: Buffer): Promise<string> {
  let text: string;
  try {
    text = await extractRaw(kind, bytes);
  } catch (err) {
    throw new UnreadableFileError(err instanceof Error ? err.message : String(err));
  }
  const cleaned = normalise(text);
  if (cleaned === '') throw new UnreadableFileError('no text');
  return cleaned;
}

async function extractRaw(kind: SupportedExtension, bytes: Buffer): Promise<string> {
  if (kind === 'txt') return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (kind === 'docx') {
    const { default: mammoth } = await import('mammoth');
    return (await mammoth.extractRawText({ buffer: bytes })).value;
  }
  const { extractText: extractPdfText } = await import('unpdf');
  // Given bytes (not a document proxy), unpdf opens the document and destroys it afterwards.
  return (await extractPdfText(new Uint8Array(bytes), { mergePages: true })).text;
}
