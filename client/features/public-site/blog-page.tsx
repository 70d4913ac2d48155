import { useState } from 'react';
import { Link } from 'wouter';
import { usePageMeta } from '@client/lib/page-meta';
import { cn } from '@client/lib/cn';
import { blogCategoryLabel } from './blog/categories';
import { BLOG_FILTERS, FILTER_BUTTON, FILTER_NOT_PRESSED, FILTER_PRESSED, noPostsText, postsHeading, type BlogFilter } from './blog/blog-filter';
import { BLOG_FILTER_ISLAND } from './blog/blog-filter-island';
import { BLOG_POSTS } from './blog/posts';
import { NewsletterForm } from './components/newsletter-form';
import { PostMeta } from './components/post-meta';
import { Newspaper, PageHeader } from './components/kit';

export default function BlogPage() {
  usePageMeta();
  const [filter, setFilter] = useState<BlogFilter>('all');
  const posts = filter === 'all' ? BLOG_POSTS : BLOG_POSTS.filter((p) => p.category === filter);

  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="Insights on AI content, accuracy and trust"
        lead="Practical advice from our editors on getting the best out of AI writing tools without risking your reputation."
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div role="group" aria-label="Filter posts by category" className="flex flex-wrap gap-2" data-island={BLOG_FILTER_ISLAND}>
          {BLOG_FILTERS.map((f) => (
            <button
              key={f.slug}
              type="button"
              aria-pressed={filter === f.slug}
              data-filter={f.slug}
              onClick={() => setFilter(f.slug)}
              className={cn(FILTER_BUTTON, filter === f.slug ? FILTER_PRESSED : FILTER_NOT_PRESSED)}
            >
              {f.label}
            </button>
          ))}
        </div>

        <section aria-labelledby="posts-title" className="mt-10">
          <h2 id="posts-title" className="sr-only">
            {postsHeading(filter)}
          </h2>
          {/* Both always rendered, one hidden: the static page's island filters them without React. */}
          <div
            role="status"
            hidden={posts.length > 0}
            data-blog-empty=""
            className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center"
          >
            <Newspaper className="mx-auto h-10 w-10 text-slate-500" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold text-slate-900">No blog posts yet</p>
            <p className="mx-auto mt-2 max-w-md text-sm text-slate-700" data-blog-empty-text="">
              {noPostsText(filter)}
            </p>
          </div>
          <ul hidden={posts.length === 0} data-blog-posts="" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id} data-category={post.category} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6">
                <p className="text-xs font-semibold tracking-wide text-accent uppercase">{blogCategoryLabel(post.category)}</p>
                <h3 className="mt-2 text-lg font-semibold text-slate-900">
                  <Link href={`/blog/${post.slug}`} className="hover:underline">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-sm text-slate-700">{post.excerpt}</p>
                <PostMeta post={post} />
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-12">
          <NewsletterForm />
        </div>
      </div>
    </>
  );
}
