import { ChevronDown } from 'lucide-react';
import type { HelpArticle } from '../help-articles';
import { helpCategoryLabel } from '../help-articles';

/** One help article: the title opens its answer in place. */
export function HelpArticleItem({ article, meta = false }: { article: HelpArticle; meta?: boolean }) {
  return (
    <details className="group rounded-lg">
      <summary className="flex cursor-pointer list-none items-start justify-between gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span className="flex flex-col gap-1">
          <span>{article.title}</span>
          {meta ? (
            <span className="text-xs font-normal text-slate-600">
              {helpCategoryLabel(article.category)} · {article.views.toLocaleString('en-GB')} views
            </span>
          ) : null}
        </span>
        <ChevronDown
          className="mt-0.5 h-4 w-4 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <p className="px-3 pt-1 pb-3 text-sm leading-relaxed text-slate-700">{article.answer}</p>
    </details>
  );
}
