import { apiRequest } from '@client/lib/api';

/** Fetches a file from the API and saves it under `fileName` (errors reach the caller, not a JSON page). */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const response = await apiRequest('GET', url);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
