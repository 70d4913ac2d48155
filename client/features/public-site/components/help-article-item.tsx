import type { HelpArticle } from '../help-articles';
import { helpCategoryLabel } from '../help-articles';
import { Disclosure } from './disclosure';
import { HELP_ARTICLE_META } from './public-classes';

/** One help article: the title opens its answer in place. */
export function HelpArticleItem({ article, meta = false }: { article: HelpArticle; meta?: boolean }) {
  return (
    <Disclosure
      compact
      summary={
        <span className="flex flex-col gap-1">
          <span>{article.title}</span>
          {meta ? (
            <span className={HELP_ARTICLE_META}>
              {helpCategoryLabel(article.category)} · {article.views.toLocaleString('en-GB')} views
            </span>
          ) : null}
        </span>
      }
    >
      {article.answer}
    </Disclosure>
  );
}
