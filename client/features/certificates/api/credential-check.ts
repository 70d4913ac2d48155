import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateKey } from '@shared/certificate.schema';
import { checkCredential } from '@shared/credential-verify';
import { queryKeys } from '@client/lib/query-keys';
import { getJson } from './page-fetch';

/** The certificate's credential and the status list, fetched and checked in this browser (decision 060). */
export const credentialCheckQueryOptions = (code: string, keys: readonly CertificateKey[] | undefined) =>
  queryOptions({
    queryKey: queryKeys.certificates.credentialCheck(code, keys?.map((k) => k.kid).join(',') ?? ''),
    queryFn: () => checkCredential(code, keys ?? [], getJson),
    enabled: keys !== undefined,
    retry: false,
    staleTime: 60_000,
  });

export const useCredentialCheck = (code: string, keys: readonly CertificateKey[] | undefined) => useQuery(credentialCheckQueryOptions(code, keys));
