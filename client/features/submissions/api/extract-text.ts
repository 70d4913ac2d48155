import { MAX_UPLOAD_BYTES } from '@shared/submission-limits';
import type { ExtractedText, extractedTextSchema as ExtractedTextSchema } from '@shared/text-extraction';
import { ApiError } from '@client/lib/api';

/** The form's upload limit (decision 006, Text extraction): .txt, .docx and .pdf up to 10 MB. */
export const ACCEPTED_EXTENSIONS = ['.txt', '.docx', '.pdf'] as const;
export const ACCEPT_ATTRIBUTE = [
  ...ACCEPTED_EXTENSIONS,
  'text/plain',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

export const UPLOAD_ERRORS = {
  type: 'This file type is not supported. Please upload a .txt, .docx or .pdf file.',
  size: 'This file is larger than 10 MB. Please upload a smaller file or paste the text instead.',
  empty: 'This file is empty. Please choose another file.',
  network: 'We could not upload the file. Check your connection and try again.',
  generic: 'We could not read this file. Please try another file or paste the text instead.',
} as const;

export type { ExtractedText };

/** A reason the browser can tell before sending the file, or null when it may be sent. */
export function checkUploadFile(file: Pick<File, 'name' | 'size'>): string | null {
  const lower = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext))) return UPLOAD_ERRORS.type;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_ERRORS.size;
  if (file.size === 0) return UPLOAD_ERRORS.empty;
  return null;
}

/** POST /api/extract-text with the raw bytes; throws an Error whose message can be shown as is. */
export async function extractText(file: File): Promise<ExtractedText> {
  // The answer's schema loads beside the upload: the order form's first script carries no zod (decision 051).
  let response: Response;
  let extractedTextSchema: typeof ExtractedTextSchema;
  try {
    [{ extractedTextSchema }, response] = await Promise.all([
      import('@shared/text-extraction'),
      fetch('/api/extract-text', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(file.name) },
        body: file,
      }),
    ]);
  } catch {
    throw new Error(UPLOAD_ERRORS.network);
  }
  const body = await response.text();
  if (!response.ok) {
    const error = new ApiError(response.status, `${response.status}: ${body}`, body);
    throw new Error(error.serverMessage ?? UPLOAD_ERRORS.generic);
  }
  try {
    const parsed = extractedTextSchema.parse(JSON.parse(body));
    return { ...parsed, fileName: parsed.fileName || file.name };
  } catch {
    throw new Error(UPLOAD_ERRORS.generic);
  }
}
