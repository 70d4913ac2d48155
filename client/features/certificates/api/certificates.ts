import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CERTIFICATE_KEYS_PATH,
  certificateJsonPath,
  certificateKeysSchema,
  certificatePdfPath,
  ownCertificateSchema,
  publicCertificateSchema,
} from '@shared/certificate.schema';
import { ApiError, apiJson, apiRequest } from '@client/lib/api';
import { saveBlob } from '@client/lib/save-file';
import { queryKeys } from '@client/lib/query-keys';

const ownPath = (submissionId: string) => `/api/submissions/${encodeURIComponent(submissionId)}/certificate`;

/** The customer's certificate of a completed order; null until there is one (the server answers 404). */
export function useOwnCertificate(submissionId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.submissions.certificate(submissionId),
    queryFn: async () => {
      try {
        return await apiJson(ownCertificateSchema, 'GET', ownPath(submissionId));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    staleTime: 0,
  });
}

/** The certificate as a PDF, saved as a file; a failure reaches the caller, which says so beside the button. */
export async function downloadCertificatePdf(code: string): Promise<void> {
  const response = await apiRequest('GET', certificatePdfPath(code));
  saveBlob(await response.blob(), `humanproof-certificate-${code}.pdf`);
}

export function useSetCertificatePrivacy(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPrivate: boolean) => apiJson(ownCertificateSchema, 'PATCH', ownPath(submissionId), { isPrivate }),
    onSuccess: (certificate) => {
      queryClient.setQueryData(queryKeys.submissions.certificate(submissionId), certificate);
      void queryClient.invalidateQueries({ queryKey: queryKeys.certificates.byCode(certificate.code) });
    },
    meta: {
      errorTitle: 'Could not change the certificate',
      errorMessage: (error) => (error instanceof ApiError ? error.serverMessage : undefined) ?? 'Please try again in a moment.',
    },
  });
}

/** GET /api/v1/certificates/{code}: no sign-in. A 404 or 429 reaches the page as an ApiError. */
export const publicCertificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: queryKeys.certificates.byCode(code),
    queryFn: () => apiJson(publicCertificateSchema, 'GET', certificateJsonPath(code)),
    retry: false,
  });

export const certificateKeysQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.certificates.keys,
    queryFn: () => apiJson(certificateKeysSchema, 'GET', CERTIFICATE_KEYS_PATH),
    staleTime: 5 * 60_000,
  });

export const usePublicCertificate = (code: string) => useQuery(publicCertificateQueryOptions(code));
export const useCertificateKeys = (enabled: boolean) => useQuery({ ...certificateKeysQueryOptions(), enabled });
