import type { z } from 'zod';
import type { UseFormReturn } from 'react-hook-form';
import { CATEGORIES, ENGLISH_VARIANTS } from '@shared/categories';
import { SERVICE_TIERS } from '@shared/service-tiers';
import type { buildSubmissionSchema } from '@shared/submission.schema';

export type SubmissionFormOutput = z.output<ReturnType<typeof buildSubmissionSchema>>;

/** What the form holds while the visitor types: tier and category may still be unchosen (''). */
export interface SubmissionFormValues {
  content: string;
  serviceTier: string;
  category: string;
  tone: string;
  targetAudience: string;
  englishVariant: string;
  instructions: string;
  additionalNotes: string;
  fastTurnaround: boolean;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  contactWebsite: string;
  /** Who holds editorial responsibility (optional, decision 060): sent as `editorialResponsibility` (submission-resolver.ts). */
  editorName: string;
  editorOrganisation: string;
}

export const EMPTY_FORM: SubmissionFormValues = {
  content: '',
  serviceTier: '',
  category: '',
  tone: '',
  targetAudience: '',
  englishVariant: 'british',
  instructions: '',
  additionalNotes: '',
  fastTurnaround: false,
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  contactWebsite: '',
  editorName: '',
  editorOrganisation: '',
};

const TEXT_FIELDS = [
  'content',
  'tone',
  'targetAudience',
  'instructions',
  'additionalNotes',
  'contactName',
  'contactEmail',
  'contactPhone',
  'contactWebsite',
  'editorName',
  'editorOrganisation',
] as const;

const oneOf = (allowed: readonly string[], value: unknown): string | undefined =>
  typeof value === 'string' && allowed.includes(value) ? value : undefined;

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);

/**
 * Keeps only the fields the form knows, with the right types, from any loose source (query string, a
 * stored draft, a server draft). Unknown tiers or categories are dropped rather than shown as chosen.
 */
export function pickFormFields(source: Record<string, unknown>): Partial<SubmissionFormValues> {
  const picked: Partial<SubmissionFormValues> = {};
  for (const field of TEXT_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') picked[field] = value;
  }
  const tier = oneOf(SERVICE_TIERS, source.serviceTier);
  if (tier) picked.serviceTier = tier;
  const category = oneOf(CATEGORIES, source.category);
  if (category) picked.category = category;
  const variant = oneOf(ENGLISH_VARIANTS, source.englishVariant);
  if (variant) picked.englishVariant = variant;
  const fast = source.fastTurnaround;
  if (typeof fast === 'boolean') picked.fastTurnaround = fast;
  else if (typeof fast === 'string') picked.fastTurnaround = TRUE_WORDS.has(fast.toLowerCase());
  return picked;
}

/** The field query parameters of spec section 2, or null when the link carries none. */
export function readFieldParams(search: string): Partial<SubmissionFormValues> | null {
  const params = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const picked = pickFormFields(raw);
  return Object.keys(picked).length > 0 ? picked : null;
}

export type SubmissionForm = UseFormReturn<SubmissionFormValues, unknown, SubmissionFormOutput>;
