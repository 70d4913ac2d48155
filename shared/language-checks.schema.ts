import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Language checks of the reviewer workspace (issue 23): harper.js for spelling and grammar, and the house rule pack
// "AI tells". One finding shape for both, offsets in UTF-16 units of the checked text.
// ---------------------------------------------------------------------------------------------

/** The one list of finding categories: the checks, the workspace, the effort record and the fact-check report read it. */
export const FINDING_CATEGORIES = ['spelling', 'grammar', 'ai-tells', 'variant', 'house-style'] as const;
export type FindingCategory = (typeof FINDING_CATEGORIES)[number];

export const FINDING_CATEGORY_LABELS: Record<FindingCategory, string> = {
  spelling: 'Spelling',
  grammar: 'Grammar and style',
  'ai-tells': 'AI tells',
  variant: 'Other English variant',
  'house-style': 'House style',
};

export const findingSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** `harper:<LintKind>` or `ai-tells:<rule>` / `variant:<rule>` / `house-style:banned|preferred`. */
  rule: z.string(),
  category: z.enum(FINDING_CATEGORIES),
  message: z.string(),
  /** Replacements for text.slice(start, end), best first; empty when the fix needs a person. */
  suggestions: z.array(z.string()),
});
export type Finding = z.infer<typeof findingSchema>;

export const findingListSchema = z.object({ findings: z.array(findingSchema) });
export type FindingList = z.infer<typeof findingListSchema>;

export const CHECKED_TEXTS = ['original', 'reviewed'] as const;
export const checksQuerySchema = z.object({
  text: z.enum(CHECKED_TEXTS, { error: 'text must be original or reviewed' }).default('reviewed'),
});
