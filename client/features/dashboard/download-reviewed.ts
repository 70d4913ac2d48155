/** Saves the reviewed text as `{id}-reviewed.txt` (decisions.md, Files). */
export function reviewedFileName(submissionId: string): string {
  return `${submissionId}-reviewed.txt`;
}

export function downloadReviewedContent(submissionId: string, reviewedContent: string): void {
  const blob = new Blob([reviewedContent], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = reviewedFileName(submissionId);
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
