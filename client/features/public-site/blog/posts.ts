import { loadBlogPosts, type BlogPost } from './front-matter';

// Read at build time: each Markdown file in content/blog/ becomes a string in the bundle.
const files = import.meta.glob<string>('../../../../content/blog/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const BLOG_POSTS: readonly BlogPost[] = loadBlogPosts(files);

export function findBlogPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((p) => p.slug === slug);
}
