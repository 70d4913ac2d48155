/** The one price list (decision 005, Reading A) and what each tier includes. */
export const SERVICE_TIERS = ['fact-checked', 'polished', 'rewritten'] as const;
export type ServiceTier = (typeof SERVICE_TIERS)[number];

export interface TierInfo {
  id: ServiceTier;
  label: string;
  /** Price per word in pence. */
  ratePence: number;
  summary: string;
  /** What the tier adds on top of the one before it. */
  includes: readonly string[];
  /** Label of the tier whose work this one includes, if any. */
  buildsOn?: string;
  mostPopular?: boolean;
}

export const TIERS: Record<ServiceTier, TierInfo> = {
  'fact-checked': {
    id: 'fact-checked',
    label: 'Fact checked',
    ratePence: 4,
    summary: 'A human checks every claim that matters before you publish.',
    includes: [
      'Human check of key claims, names, dates and figures',
      'Source verification for statistics, quotes and references',
      'Flagging of unsupported or weak claims',
      'Confirmation of link accuracy',
    ],
  },
  polished: {
    id: 'polished',
    label: 'Polished',
    ratePence: 6,
    summary: 'Fact checked, then edited until it reads like a person wrote it.',
    buildsOn: 'Fact checked',
    includes: [
      'Grammar, punctuation and sentence flow',
      'Removal of AI-isms',
      'Clarity and consistency',
    ],
    mostPopular: true,
  },
  rewritten: {
    id: 'rewritten',
    label: 'Rewritten',
    ratePence: 9,
    summary: 'Polished, then rewritten sentence by sentence by a copywriter.',
    buildsOn: 'Polished',
    includes: [
      'Full sentence-level rewriting',
      'SEO keyword integration and link placement',
      'Tone and style tweaks',
      'Original human insight where relevant',
    ],
  },
};

export const TIER_LIST: readonly TierInfo[] = SERVICE_TIERS.map((id) => TIERS[id]);

export function tierLabel(tier: string): string {
  return (TIERS as Record<string, TierInfo | undefined>)[tier]?.label ?? tier;
}
