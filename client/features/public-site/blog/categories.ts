/** The blog's categories (spec section 2), in the order the filters show them. "All" is not a category. */
export const BLOG_CATEGORIES = [
  { slug: 'ai-technology', label: 'AI & technology' },
  { slug: 'content-strategy', label: 'Content strategy' },
  { slug: 'fact-checking', label: 'Fact checking' },
  { slug: 'business', label: 'Business' },
  { slug: 'trust-credibility', label: 'Trust & credibility' },
] as const;

export type BlogCategorySlug = (typeof BLOG_CATEGORIES)[number]['slug'];

export function blogCategoryLabel(slug: string): string {
  return BLOG_CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;
}

export function isBlogCategory(value: string): value is BlogCategorySlug {
  return BLOG_CATEGORIES.some((c) => c.slug === value);
}
