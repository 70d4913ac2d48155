import { z } from 'zod';
import { ENGLISH_VARIANTS } from './categories';
import { editorialResponsibilitySchema } from './editorial.schema';
import { VERDICTS } from './fact-check.schema';
import { FINDING_CATEGORIES } from './language-checks.schema';
import { SERVICE_TIERS } from './service-tiers';

// ---------------------------------------------------------------------------------------------
// The editorial-control record of a delivery (issue 43, decision 060): who holds editorial responsibility, who
// reviewed, and what the review did, in JSON (its bytes are bound by the credential's digestSRI) and as a PDF.
// Private to whoever may see the order.
// ---------------------------------------------------------------------------------------------

export const EDITORIAL_RECORD_VERSION = 1;

export const SUBMITTED_AS = 'The customer submitted this text to HumanProof for human review as AI-generated text.';

export const RECORD_DISCLAIMER =
  'This record describes a human review and who holds editorial responsibility, as the customer named them. It is not legal advice and does not state that any law is complied with.';

/** What the record cannot say, because HumanProof does not measure it (yet). */
export const RECORD_NOT_MEASURED = [
  'Time spent on the text outside the review workspace (active minutes count editing in the workspace only; idle gaps over 60 seconds are not counted).',
  'Which of the house style’s free-text rules were followed: only house-style term findings the reviewer accepted are counted.',
  'Language problems the reviewer fixed by hand rather than through a finding: they are part of the words changed, not of the findings fixed.',
  'A second review or an audit: HumanProof does not offer either yet.',
] as const;

const count = z.number().int().min(0);

/** GET /api/v1/orders/{id}/editorial-record: the record's JSON (served as the exact bytes its credential binds). */
export const editorialRecordSchema = z
  .object({
    type: z.literal('EditorialControlRecord'),
    version: z.literal(EDITORIAL_RECORD_VERSION),
    order: z.object({ id: z.string(), title: z.string(), serviceTier: z.enum(SERVICE_TIERS), englishVariant: z.enum(ENGLISH_VARIANTS), delivery: z.number().int().min(1) }),
    certificateCode: z.string(),
    /** Hex SHA-256 of the delivered text after NFC, LF line endings and trim; null for a document-only delivery. */
    textSha256: z.string().nullable(),
    submittedAs: z.string(),
    /** Null: not named. */
    editorialResponsibility: editorialResponsibilitySchema.nullable(),
    editorialResponsibilityStatement: z.string(),
    review: z.object({
      /** A pseudonym: first name and surname initial, and a stable reviewer number; never an e-mail address. */
      reviewer: z.object({ name: z.string(), number: z.number().int().nullable(), pseudonym: z.string() }),
      statement: z.string(),
      startedAt: z.string().nullable(),
      endedAt: z.string(),
      activeMinutes: count,
      wordsChanged: count,
    }),
    factCheck: z.object({
      noCheckableClaims: z.boolean(),
      claims: z.array(z.object({ passage: z.string(), verdict: z.enum(VERDICTS), sources: z.array(z.string()), note: z.string() })),
    }),
    language: z.object({ findingsFixed: z.record(z.enum(FINDING_CATEGORIES), count), findingsFixedTotal: count }),
    houseStyle: z.discriminatedUnion('applied', [
      z.object({ applied: z.literal(false) }),
      z.object({
        applied: z.literal(true),
        owner: z.enum(['organisation', 'account']),
        terms: count,
        hasRules: z.boolean(),
        spellingVariant: z.enum(ENGLISH_VARIANTS).nullable(),
        termFindingsFixed: count,
      }),
    ]),
    /** The second reviewer who signed the review off before delivery (decision 073); null when none did. */
    secondReview: z
      .object({
        signedOff: z.literal(true),
        reviewer: z.object({ name: z.string(), number: z.number().int().nullable(), pseudonym: z.string() }),
        statement: z.string(),
      })
      .nullable(),
    notMeasured: z.array(z.string()),
    disclaimer: z.string(),
  })
  .meta({ id: 'EditorialRecord' });
export type EditorialRecord = z.infer<typeof editorialRecordSchema>;
