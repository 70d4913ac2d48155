import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@client/lib/api';
import { saveBlob } from '@client/lib/save-file';

/** Fetches a file from the API and saves it under `fileName` (errors reach the caller, not a JSON page). */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const response = await apiRequest('GET', url);
  saveBlob(await response.blob(), fileName);
}

/** A download as a mutation: a 401 goes to the data layer's one handler, any other failure says "Download failed". */
export function useDownloadFile() {
  return useMutation({
    mutationFn: ({ url, fileName }: { url: string; fileName: string }) => downloadFile(url, fileName),
    meta: {
      errorTitle: 'Download failed',
      errorMessage: (error) => (error instanceof ApiError ? error.serverMessage : undefined) ?? 'Please try again in a moment.',
    },
  });
}
