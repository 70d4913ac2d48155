/**
 * The blog's category filter: its look and texts, shared by the page (blog-page.tsx) and the island that filters
 * the static page without React (blog-filter-island.ts), so both show the same.
 */
import { BLOG_CATEGORIES, type BlogCategorySlug } from './categories';

export type BlogFilter = 'all' | BlogCategorySlug;
export const BLOG_FILTERS: readonly { slug: BlogFilter; label: string }[] = [{ slug: 'all', label: 'All' }, ...BLOG_CATEGORIES];

export const FILTER_BUTTON = 'rounded-full border px-4 py-2 text-sm font-medium transition-colors';
export const FILTER_PRESSED = 'border-ink bg-ink text-white';
export const FILTER_NOT_PRESSED = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';

function labelOf(filter: BlogFilter): string {
  return BLOG_FILTERS.find((f) => f.slug === filter)?.label ?? filter;
}

/** The (visually hidden) heading of the list. */
export function postsHeading(filter: BlogFilter): string {
  return filter === 'all' ? 'All posts' : `Posts in ${labelOf(filter)}`;
}

/** What the empty list says. */
export function noPostsText(filter: BlogFilter): string {
  return filter === 'all'
    ? 'Our editors are writing the first articles now. Subscribe below and we will e-mail you when they are published.'
    : `There are no posts in ${labelOf(filter)} yet. Subscribe below to hear when there are.`;
}

export function isBlogFilter(value: string | undefined): value is BlogFilter {
  return value !== undefined && BLOG_FILTERS.some((f) => f.slug === value);
}
