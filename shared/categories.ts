export const CATEGORIES = [
  'web-copy',
  'blog-post',
  'email',
  'social-media',
  'marketing',
  'technical',
  'general',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  'web-copy': 'Web copy',
  'blog-post': 'Blog post',
  email: 'Email',
  'social-media': 'Social media',
  marketing: 'Marketing',
  technical: 'Technical',
  general: 'General',
};

export function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Record<string, string | undefined>)[category] ?? category;
}

export const ENGLISH_VARIANTS = ['british', 'american'] as const;
export type EnglishVariant = (typeof ENGLISH_VARIANTS)[number];

export const ENGLISH_VARIANT_LABELS: Record<EnglishVariant, string> = {
  british: 'British English',
  american: 'American English',
};

export function englishVariantLabel(variant: string): string {
  return (ENGLISH_VARIANT_LABELS as Record<string, string | undefined>)[variant] ?? variant;
}
