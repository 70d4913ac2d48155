import { uploadResponseSchema, storedDocumentSchema, documentExtension, MAX_REVIEW_DOCUMENT_BYTES, REVIEW_DOCUMENT_TYPES, REVIEW_MESSAGES, type ReviewDocument } from '@shared/review.schema';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiJson } from '@client/lib/api';

/** A client-side check before any byte moves (the server checks again, and the content too). */
export function checkFile(file: File): string | null {
  const ext = documentExtension(file.name);
  if (!ext) return REVIEW_MESSAGES.wrongType;
  if (file.size > MAX_REVIEW_DOCUMENT_BYTES) return REVIEW_MESSAGES.tooLarge;
  if (file.size === 0) return 'The file is empty';
  return null;
}

function put(url: string, file: File, contentType: string, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted. Please try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(file);
  });
}

/** Asks for a signed address, PUTs the file with progress, then has the server confirm it. */
export async function uploadReviewDocument(
  submissionId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ReviewDocument> {
  const ext = documentExtension(file.name);
  const contentType = ext ? REVIEW_DOCUMENT_TYPES[ext] : 'application/octet-stream';
  const target = await apiJson(uploadResponseSchema, 'POST', '/api/objects/upload', {
    submissionId,
    fileName: file.name,
    contentType,
    size: file.size,
  });
  await put(target.uploadURL, file, contentType, onProgress);
  return apiJson(storedDocumentSchema, 'POST', '/api/objects/complete', { documentId: target.documentId });
}

/** One document upload as a mutation: a 401 goes to the data layer's one handler, any other failure says "Upload failed". */
export function useUploadReviewDocument(submissionId: string) {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadReviewDocument(submissionId, file, onProgress),
    meta: {
      errorTitle: 'Upload failed',
      errorMessage: (error) => (error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message),
    },
  });
}
