import { randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, max } from 'drizzle-orm';
import { createCredential, createList } from '@digitalbazaar/vc-bitstring-status-list';
import { didWebOf, STATUS_LIST_FILL, STATUS_LIST_LENGTH, statusListPath, VC_V2_CONTEXT, type StatusListCredential } from '../../../shared/credential.schema';
import type { Executor } from '../../db/client';
import { certificateCredentials, certificates } from '../../db/schema';
import { publishKey, type SigningKey } from '../certificates';
import { signWithBothSuites, wholeSeconds } from './sign-credential';

// ---------------------------------------------------------------------------------------------
// Revocation by W3C Bitstring Status List (issue 43, decision 060). Each credential holds a random index in a list
// of STATUS_LIST_LENGTH entries. A list is read from the database when asked (the bits of its credentials whose
// certificate is revoked) and signed, so revoking a certificate (a refund in full, a revision's delivery:
// revokeCertificates) sets its bit at once, on every instance, with no further step and nothing held in memory that
// another instance would need.
// ---------------------------------------------------------------------------------------------

/** What a verifier may keep a list for (Cache-Control max-age), and a shared cache between it and us (s-maxage). */
export const STATUS_LIST_MAX_AGE_SECONDS = 300;
export const STATUS_LIST_SHARED_MAX_AGE_SECONDS = 30;
/** The list's `ttl` (milliseconds): the same 5 minutes, for verifiers that read it rather than the headers. */
export const STATUS_LIST_TTL_MS = STATUS_LIST_MAX_AGE_SECONDS * 1000;

export interface StatusEntry {
  list: number;
  index: number;
}

/** The list that takes new credentials: the first until STATUS_LIST_FILL are in it, then the next. */
async function currentList(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(certificateCredentials);
  return 1 + Math.floor(Number(row?.n ?? 0) / STATUS_LIST_FILL);
}

/**
 * A free random index in the current list. The unique (list, index) index is the real guard: the caller's insert
 * skips on a conflict and asks again.
 */
export async function pickStatusEntry(db: Executor): Promise<StatusEntry> {
  const list = await currentList(db);
  for (let attempt = 0; attempt < 64; attempt += 1) {
    const index = randomInt(STATUS_LIST_LENGTH);
    const [taken] = await db
      .select({ code: certificateCredentials.code })
      .from(certificateCredentials)
      .where(and(eq(certificateCredentials.statusList, list), eq(certificateCredentials.statusIndex, index)))
      .limit(1);
    if (!taken) return { list, index };
  }
  throw new Error(`status list ${list} has no free index after 64 tries`);
}

/** The highest list that holds a credential (0 when none does): lists 1 to this one are served. */
export async function highestList(db: Executor): Promise<number> {
  const [row] = await db.select({ n: max(certificateCredentials.statusList) }).from(certificateCredentials);
  return Number(row?.n ?? 0);
}

/** The indexes of list `list` whose certificate is revoked. */
async function revokedIndexes(db: Executor, list: number): Promise<number[]> {
  const rows = await db
    .select({ index: certificateCredentials.statusIndex })
    .from(certificateCredentials)
    .innerJoin(certificates, eq(certificates.code, certificateCredentials.code))
    .where(and(eq(certificateCredentials.statusList, list), isNotNull(certificates.revokedAt)));
  return rows.map((row) => row.index);
}

/** The signed BitstringStatusListCredential of list `list` with these bits set, as JSON text. */
async function signStatusList(db: Executor, key: SigningKey, origin: string, list: number, revoked: readonly number[], now: Date): Promise<string> {
  const bits = await createList({ length: STATUS_LIST_LENGTH });
  for (const index of revoked) bits.setStatus(index, true);
  const id = `${origin}${statusListPath(list)}`;
  const made = (await createCredential({ id, list: bits, statusPurpose: 'revocation' })) as Omit<StatusListCredential, 'issuer' | 'validFrom' | 'proof'>;
  const did = didWebOf(origin);
  const unsigned = {
    '@context': [VC_V2_CONTEXT],
    id,
    type: made.type,
    issuer: did,
    validFrom: wholeSeconds(now),
    credentialSubject: { ...made.credentialSubject, ttl: STATUS_LIST_TTL_MS },
  };
  await publishKey(db, key);
  return JSON.stringify(await signWithBothSuites(unsigned, key, { did, origin, now }));
}

/**
 * The status lists of one instance. Each request reads the list's revoked indexes from the database, so a
 * revocation shows at once on every instance; only the signing is kept, and reused while the bits and the key are
 * the same. Concurrent requests with the same bits share one signing.
 */
export function statusLists() {
  const signed = new Map<number, { fingerprint: string; body: Promise<string> }>();
  return async (db: Executor, key: SigningKey, origin: string, list: number): Promise<string> => {
    const revoked = (await revokedIndexes(db, list)).sort((a, b) => a - b);
    const fingerprint = `${key.id}:${revoked.join(',')}`;
    const found = signed.get(list);
    if (found?.fingerprint === fingerprint) return found.body;
    const body = signStatusList(db, key, origin, list, revoked, new Date());
    signed.set(list, { fingerprint, body });
    body.catch(() => {
      if (signed.get(list)?.body === body) signed.delete(list);
    });
    return body;
  };
}
