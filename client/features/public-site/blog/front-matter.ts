import { isBlogCategory, type BlogCategorySlug } from './categories';

/** A blog post as the Markdown file in content/blog/ describes it (spec section 3, "Blog post"). */
export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: BlogCategorySlug;
  /** ISO date, e.g. 2025-06-24. */
  publishedAt: string;
  /** Minutes. */
  readTime: number;
  /** The Markdown body, rendered only on the post page. */
  body: string;
}

const REQUIRED = ['title', 'slug', 'excerpt', 'author', 'category', 'publishedAt', 'readTime'] as const;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export class BlogPostError extends Error {
  constructor(source: string, problem: string) {
    super(`${source}: ${problem}`);
    this.name = 'BlogPostError';
  }
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) {
    return v.slice(1, -1);
  }
  return v;
}

/**
 * Splits `---`-fenced front matter of flat `key: value` lines (values optionally quoted) from the body.
 * Deliberately tiny: the blog needs seven scalar fields, not YAML.
 */
export function splitFrontMatter(raw: string): { data: Record<string, string>; body: string } {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    data[line.slice(0, colon).trim()] = unquote(line.slice(colon + 1));
  }
  return { data, body: match[2]!.replace(/^\n+/, '') };
}

/** Reads one post file; a malformed file fails the build loudly instead of publishing a broken page. */
export function parseBlogPost(source: string, raw: string): BlogPost {
  const { data, body } = splitFrontMatter(raw);
  for (const key of REQUIRED) {
    if (!data[key]) throw new BlogPostError(source, `front matter is missing "${key}"`);
  }
  const slug = data.slug!;
  if (!SLUG.test(slug)) throw new BlogPostError(source, `slug "${slug}" must be lower-case words joined by hyphens`);
  const category = data.category!;
  if (!isBlogCategory(category)) throw new BlogPostError(source, `unknown category "${category}"`);
  const publishedAt = data.publishedAt!;
  if (!/^\d{4}-\d{2}-\d{2}/.test(publishedAt) || Number.isNaN(Date.parse(publishedAt))) {
    throw new BlogPostError(source, `publishedAt "${publishedAt}" must be a date like 2025-06-24`);
  }
  const readTime = Number.parseInt(data.readTime!, 10);
  if (!Number.isFinite(readTime) || readTime < 1) {
    throw new BlogPostError(source, `readTime "${data.readTime}" must be a whole number of minutes`);
  }
  return {
    id: slug,
    slug,
    title: data.title!,
    excerpt: data.excerpt!,
    author: data.author!,
    category,
    publishedAt,
    readTime,
    body,
  };
}

/** Every post, newest first; two files with one slug are an error. */
export function loadBlogPosts(files: Record<string, string>): BlogPost[] {
  const posts = Object.entries(files)
    .filter(([path]) => !/(^|\/)README\.md$/i.test(path))
    .map(([path, raw]) => parseBlogPost(path, raw));
  const seen = new Set<string>();
  for (const post of posts) {
    if (seen.has(post.slug)) throw new BlogPostError(post.slug, 'two posts share this slug');
    seen.add(post.slug);
  }
  return posts.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.title.localeCompare(b.title));
}
