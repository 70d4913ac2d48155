import { z } from 'zod';

// The shapes the credential routes answer, for the OpenAPI document and the contract test. The credential and the
// status list are sent as the exact bytes that were signed (never re-serialised), so these describe them.

const proofSchema = z.object({
  '@context': z.array(z.string()).optional(),
  type: z.literal('DataIntegrityProof'),
  cryptosuite: z.enum(['eddsa-rdfc-2022', 'eddsa-jcs-2022']),
  created: z.string(),
  verificationMethod: z.string().describe('`<issuer DID>#<key id>`: a Multikey of /.well-known/did.json'),
  proofPurpose: z.literal('assertionMethod'),
  proofValue: z.string(),
});

export const humanReviewCredentialSchema = z
  .object({
    '@context': z.array(z.string()),
    id: z.string(),
    type: z.array(z.string()),
    name: z.string(),
    description: z.string(),
    issuer: z.string().describe('did:web of the site (its port percent-encoded)'),
    validFrom: z.string(),
    credentialSubject: z.object({
      type: z.literal('ReviewedText'),
      certificateCode: z.string(),
      order: z.string(),
      delivery: z.number().int(),
      serviceTier: z.string(),
      englishVariant: z.string(),
      reviewer: z.string().describe('First name and surname initial of the reviewer who reviewed the text'),
      editorialResponsibility: z
        .object({ type: z.literal('EditorialResponsibility'), name: z.string(), organisation: z.string().optional() })
        .optional()
        .describe('Who holds editorial responsibility, as the customer named them; absent when not named'),
      effort: z.object({
        activeMinutes: z.number().int(),
        wordsChanged: z.number().int(),
        findingsFixed: z.number().int(),
        claimsByVerdict: z.record(z.string(), z.number().int()),
      }),
      textSha256: z.string().optional().describe('Hex SHA-256 of the delivered text after NFC, LF line endings and trim'),
    }),
    credentialStatus: z.object({
      id: z.string(),
      type: z.literal('BitstringStatusListEntry'),
      statusPurpose: z.literal('revocation'),
      statusListIndex: z.string(),
      statusListCredential: z.string(),
    }),
    evidence: z
      .array(z.object({ id: z.string(), type: z.array(z.string()), name: z.string(), mediaType: z.string(), digestSRI: z.string() }))
      .optional()
      .describe('The editorial-control record (private to the order’s customer) and the SHA-256 of its exact bytes'),
    proof: z.array(proofSchema).describe('A proof set: eddsa-rdfc-2022 and eddsa-jcs-2022, each verifying on its own'),
  })
  .meta({ id: 'HumanReviewCredential' });

export const didDocumentSchema = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  verificationMethod: z.array(z.object({ id: z.string(), type: z.literal('Multikey'), controller: z.string(), publicKeyMultibase: z.string() })),
  assertionMethod: z.array(z.string()),
});
