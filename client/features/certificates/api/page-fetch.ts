import { CERTIFICATE_KEYS_PATH } from '@shared/certificate-page-markup';

// The certificate page's reads, without React or zod: the app's checks (credential-check.ts) and the visitor's
// island (verify-island.ts, decision 076) both fetch through here.

/** A path of this site as JSON, revalidated every time: the page shows a revocation at once, whatever a cache keeps. */
export async function getJson(path: string): Promise<unknown> {
  const response = await fetch(path, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

export interface PublishedKey {
  kid: string;
  x: string;
}

/** The keys this site publishes, or null when they cannot be read (the page then never says "Verified"). */
export async function fetchPublishedKeys(): Promise<PublishedKey[] | null> {
  try {
    const body = (await getJson(CERTIFICATE_KEYS_PATH)) as { keys?: unknown };
    if (!Array.isArray(body.keys)) return null;
    return body.keys.filter((k): k is PublishedKey & Record<string, unknown> => typeof k?.kid === 'string' && typeof k?.x === 'string');
  } catch {
    return null;
  }
}
