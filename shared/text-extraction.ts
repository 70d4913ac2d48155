import { z } from 'zod';
import { MAX_CONTENT_CHARACTERS, MAX_WORDS } from './submission.schema';

/** Answers of POST /api/extract-text; the form shows them as they are. */
export const EXTRACTION_MESSAGES = {
  unsupported: 'Unsupported file type. Please upload a .txt, .docx or .pdf file.',
  tooLarge: 'File is too large. The limit is 10 MB.',
  unreadable: 'We could not read any text from this file.',
  tooMany: 'Too many uploads in a short time. Please wait a minute and try again.',
  /** A file that unpacks to far more than its size, has too many pages, or takes too long or too much memory. */
  tooComplex:
    'This file is too large or complex for us to read once unpacked. Please upload a shorter document or paste the text instead.',
  tooMuchText: `This file holds more text than one order takes (${MAX_WORDS.toLocaleString('en-GB')} words, ${MAX_CONTENT_CHARACTERS.toLocaleString('en-GB')} characters). Please upload a shorter document.`,
  busy: 'We are reading a lot of files right now. Please try again in a few seconds.',
} as const;

/** Answer of POST /api/extract-text: the text read from the file, its cleaned name and the server's word count. */
export const extractedTextSchema = z.object({
  text: z.string(),
  fileName: z.string(),
  wordCount: z.number().int().nonnegative(),
});
export type ExtractedText = z.infer<typeof extractedTextSchema>;
