/**
 * The help center's search on a visitor's page (decision 071): filters the articles as help-center-page.tsx does,
 * without React. While the field holds a query, the page's "popular" and "by category" sections step aside for a
 * "Search results" section drawn as the page draws it (Section, HelpArticleItem); an empty field brings them back.
 * A query typed before the script arrived is taken up at once.
 */
import { CHEVRON_DOWN_ICON, element, svgIcon } from '@client/lib/island-dom';
import { DISCLOSURE_CLASSES as D, HELP_ARTICLE_META, SECTION_CLASSES as S } from './components/public-classes';
import {
  HELP_RESULTS_ID,
  HELP_RESULTS_LIST,
  HELP_SEARCH_ISLAND,
  helpCategoryLabel,
  helpResultsText,
  searchHelpArticles,
  type HelpArticle,
} from './help-articles';

/** HelpArticleItem with its meta line: the title opens its answer in place. */
function articleItem(article: HelpArticle): HTMLLIElement {
  const details = element('details', D.details.compact);
  const summary = element('summary', `${D.summary} ${D.summarySize.compact}`);
  const title = element('span', 'flex flex-col gap-1');
  title.append(
    element('span', '', article.title),
    element('span', HELP_ARTICLE_META, `${helpCategoryLabel(article.category)} · ${article.views.toLocaleString('en-GB')} views`),
  );
  summary.append(title, svgIcon(CHEVRON_DOWN_ICON, `${D.chevron} ${D.chevronSize.compact}`));
  details.append(summary, element('p', D.answer.compact, article.answer));
  const item = element('li', 'p-1');
  item.append(details);
  return item;
}

function resultsSection(query: string): HTMLElement {
  const results = searchHelpArticles(query);
  const section = element('section', `${S.outer} ${S.white}`);
  section.setAttribute('aria-labelledby', 'help-results-title');
  const inner = element('div', S.inner);
  const title = element('h2', S.title, 'Search results');
  title.id = 'help-results-title';
  const body = element('div', S.body);
  const status = element('p', 'text-sm text-slate-700', helpResultsText(query, results.length));
  status.setAttribute('role', 'status');
  body.append(status);
  if (results.length > 0) {
    const list = element('ul', `mt-4 ${HELP_RESULTS_LIST}`);
    list.append(...results.map(articleItem));
    body.append(list);
  }
  inner.append(title, body);
  section.append(inner);
  return section;
}

export function installHelpCenterIsland(root: Document = document): void {
  const input = root.querySelector<HTMLInputElement>(`input[data-island="${HELP_SEARCH_ISLAND}"]`);
  const results = root.getElementById(HELP_RESULTS_ID);
  const browse = results?.querySelector<HTMLElement>('[data-help-browse]');
  if (!input || !results || !browse) return;
  // The query shown ('' for the browsing sections): the same query again (a space added) draws nothing anew.
  let shown = '';
  const update = () => {
    const query = input.value.trim() === '' ? '' : input.value;
    if (query === shown) return;
    shown = query;
    results.replaceChildren(query === '' ? browse : resultsSection(query));
  };
  input.addEventListener('input', update);
  input.form?.addEventListener('submit', (event) => event.preventDefault());
  if (input.value) update();
}
