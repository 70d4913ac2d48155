import { useMemo } from 'react';
import { Link, useParams } from 'wouter';
import { Marked } from 'marked';
import { NotFoundPage } from '@client/features/errors';
import { usePageMeta } from '@client/lib/page-meta';
import { blogCategoryLabel } from './blog/categories';
import type { BlogPost } from './blog/front-matter';
import { findBlogPost } from './blog/posts';
import { NewsletterForm } from './components/newsletter-form';
import { PostMeta } from './components/post-meta';
import { ArrowLeft } from './components/kit';

// The post title is the page's one <h1>, so a `#` heading in the body is shown as an <h2>.
const markdown = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'heading' && token.depth === 1) token.depth = 2;
  },
});

export default function BlogPostPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const post = findBlogPost(slug);
  return post ? <Post post={post} /> : <NotFoundPage />;
}

function Post({ post }: { post: BlogPost }) {
  usePageMeta(post.title, post.excerpt);
  // Posts are Markdown files from this repository, reviewed like code, so their HTML is trusted.
  const html = useMemo(() => markdown.parse(post.body, { async: false }), [post.body]);

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link href="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All posts
      </Link>
      <p className="mt-6 text-sm font-semibold tracking-wide text-accent uppercase">{blogCategoryLabel(post.category)}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
      <PostMeta post={post} large />
      <div
        className="mt-8 space-y-5 leading-relaxed text-slate-800 [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <div className="mt-12">
        <NewsletterForm />
      </div>
    </article>
  );
}
