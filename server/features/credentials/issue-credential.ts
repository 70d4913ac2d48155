import { eq } from 'drizzle-orm';
import { certificateBodySchema } from '../../../shared/certificate.schema';
import {
  CREDENTIAL_NAME,
  CREDENTIAL_TYPES,
  credentialDescription,
  credentialPath,
  didWebOf,
  EVIDENCE_TYPES,
  humanProofContextUrl,
  statusListPath,
  VC_V2_CONTEXT,
  editorialRecordV1Path,
  type CredentialSubject,
  type HumanReviewCredential,
} from '../../../shared/credential.schema';
import { editorLine } from '../../../shared/editorial.schema';
import type { EditorialRecord } from '../../../shared/editorial-record.schema';
import type { Executor } from '../../db/client';
import { certificateCredentials } from '../../db/schema';
import { publishKey, type CertificateRow, type SigningKey } from '../certificates';
import { editorialRecordOfDelivery } from '../editorial-records';
import { signWithBothSuites, wholeSeconds } from './sign-credential';
import { pickStatusEntry, type StatusEntry } from './status-list';

/**
 * The credential of a certificate before it is signed: what the certificate holds (decision 033's signed body), its
 * revocation entry, the editorial-control record it binds (evidence with the SHA-256 of the record's exact bytes)
 * and who holds editorial responsibility as that record names them.
 */
export async function unsignedCredential(db: Executor, row: CertificateRow, origin: string, entry: StatusEntry): Promise<Omit<HumanReviewCredential, 'proof'>> {
  const body = certificateBodySchema.parse(row.body);
  const did = didWebOf(origin);
  const record = await editorialRecordOfDelivery(db, row.deliveryId);
  const editor = record ? (JSON.parse(record.body) as EditorialRecord).editorialResponsibility : null;
  const subject: CredentialSubject = {
    type: 'ReviewedText',
    certificateCode: body.code,
    order: body.orderId,
    delivery: body.delivery,
    serviceTier: body.tier,
    englishVariant: body.englishVariant,
    reviewer: body.reviewer,
    ...(editor
      ? { editorialResponsibility: { type: 'EditorialResponsibility', name: editor.name, ...(editor.organisation ? { organisation: editor.organisation } : {}) } }
      : {}),
    effort: {
      activeMinutes: body.effort.activeMinutes,
      wordsChanged: body.effort.wordsChanged,
      findingsFixed: body.effort.findingsFixed,
      claimsByVerdict: body.effort.claimsByVerdict,
    },
    ...(body.textSha256 ? { textSha256: body.textSha256 } : {}),
  };
  const listUrl = `${origin}${statusListPath(entry.list)}`;
  return {
    '@context': [VC_V2_CONTEXT, humanProofContextUrl(origin)],
    id: `${origin}${credentialPath(body.code)}`,
    type: [...CREDENTIAL_TYPES],
    name: CREDENTIAL_NAME,
    description: credentialDescription(body.reviewer, editorLine(editor)),
    issuer: did,
    validFrom: wholeSeconds(new Date(body.deliveredAt)),
    credentialSubject: subject,
    credentialStatus: {
      id: `${listUrl}#${entry.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(entry.index),
      statusListCredential: listUrl,
    },
    ...(record
      ? {
          evidence: [
            {
              id: `${origin}${editorialRecordV1Path(body.orderId, record.deliveryNumber)}`,
              type: [...EVIDENCE_TYPES],
              name: 'Editorial-control record',
              mediaType: 'application/json',
              digestSRI: `sha256-${record.sha256}`,
            },
          ],
        }
      : {}),
  };
}

/**
 * The certificate's credential as served: made and signed the first time anybody asks, then these same bytes for
 * ever (a revision's delivery has a certificate, so a credential, of its own). Two instances asking at once both
 * sign; the first insert wins and both answer it. A status index taken meanwhile is picked again.
 */
export async function credentialOf(db: Executor, row: CertificateRow, key: SigningKey, origin: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [stored] = await db.select({ credential: certificateCredentials.credential }).from(certificateCredentials).where(eq(certificateCredentials.code, row.code)).limit(1);
    if (stored) return stored.credential;
    const entry = await pickStatusEntry(db);
    const signed = await signWithBothSuites(await unsignedCredential(db, row, origin, entry), key, { did: didWebOf(origin), origin });
    const credential = JSON.stringify(signed);
    await publishKey(db, key);
    const inserted = await db
      .insert(certificateCredentials)
      .values({ code: row.code, credential, statusList: entry.list, statusIndex: entry.index })
      .onConflictDoNothing()
      .returning({ code: certificateCredentials.code });
    if (inserted.length > 0) return credential;
  }
  throw new Error(`could not store the credential of ${row.code}`);
}
