import { MAX_REVIEW_DOCUMENT_BYTES } from '../../../shared/review.schema';
import { conflict } from '../../lib/http-error';
import type { ObjectStorage } from '../../storage';
import { ContentCheckError, DocumentChecker, isTextType } from '../../storage/content-check';
import { extensionOfKey, tooLarge, wrongContent, type ReviewDocumentRow } from './documents';
import { badRequest } from '../../lib/http-error';

/**
 * Checks an object uploaded straight to the store (presigned PUT): it exists, is within the size limit, and its
 * content matches its type (first bytes, or the whole text for txt/md). A bad object is deleted and the row
 * refused via `reject`. Answers the stored size.
 */
export async function confirmStoredUpload(
  storage: ObjectStorage,
  row: ReviewDocumentRow,
  reject: () => Promise<void>,
): Promise<number> {
  const stat = await storage.stat(row.storageKey);
  if (!stat) throw conflict('The file has not been uploaded yet');
  const ext = extensionOfKey(row.storageKey);
  const refuse = async (error: Error) => {
    await storage.remove(row.storageKey).catch(() => undefined);
    await reject();
    return error;
  };
  if (!ext) throw await refuse(wrongContent());
  if (stat.size > MAX_REVIEW_DOCUMENT_BYTES) throw await refuse(tooLarge());
  if (stat.size === 0) throw await refuse(badRequest('The file is empty'));
  const checker = new DocumentChecker(ext, MAX_REVIEW_DOCUMENT_BYTES);
  const stream = await storage.read(row.storageKey, isTextType(ext) ? undefined : { start: 0, end: 15 });
  try {
    for await (const chunk of stream) checker.push(chunk as Buffer);
    checker.finish();
  } catch (err) {
    if (err instanceof ContentCheckError) throw await refuse(err.problem === 'too-large' ? tooLarge() : wrongContent());
    throw err;
  }
  return stat.size;
}
