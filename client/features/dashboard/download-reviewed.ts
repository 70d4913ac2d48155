import { saveBlob } from '@client/lib/save-file';

/** Saves the reviewed text as `{id}-reviewed.txt` (decision 015, Downloads). */
export function reviewedFileName(submissionId: string): string {
  return `${submissionId}-reviewed.txt`;
}

export function downloadReviewedContent(submissionId: string, reviewedContent: string): void {
  saveBlob(new Blob([reviewedContent], { type: 'text/plain;charset=utf-8' }), reviewedFileName(submissionId));
}
