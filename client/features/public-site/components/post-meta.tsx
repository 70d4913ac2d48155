import type { BlogPost } from '../blog/front-matter';
import { formatLongDate } from '@client/lib/format';
import { CalendarDays, Clock } from 'lucide-react';

/** A post's author, date and reading time: small on a card in the list, larger under the post's title. */
export function PostMeta({ post, large = false }: { post: Pick<BlogPost, 'author' | 'publishedAt' | 'readTime'>; large?: boolean }) {
  const icon = large ? 'h-4 w-4' : 'h-3.5 w-3.5';
  return (
    <p className={`mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 ${large ? 'text-sm' : 'text-xs'} text-slate-600`}>
      <span>{large ? `By ${post.author}` : post.author}</span>
      <span className="inline-flex items-center gap-1">
        <CalendarDays className={icon} aria-hidden="true" />
        <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock className={icon} aria-hidden="true" />
        {post.readTime} min read
      </span>
    </p>
  );
}
