/**
 * The blog's category filter on the static page (decision 049): the page is rendered with every post, each marked
 * with its category, and the filter shows those of the chosen one, as blog-page.tsx does in the app.
 */
import { FILTER_NOT_PRESSED, FILTER_PRESSED, isBlogFilter, noPostsText, postsHeading, type BlogFilter } from './blog-filter';

/** Marks the filter group (blog-page.tsx). */
export const BLOG_FILTER_ISLAND = 'blog-filters';

function swapClasses(element: Element, remove: string, add: string): void {
  element.classList.remove(...remove.split(' '));
  element.classList.add(...add.split(' '));
}

export function installBlogFilterIsland(root: ParentNode = document): void {
  const group = root.querySelector<HTMLElement>(`[data-island="${BLOG_FILTER_ISLAND}"]`);
  const list = root.querySelector<HTMLElement>('[data-blog-posts]');
  const empty = root.querySelector<HTMLElement>('[data-blog-empty]');
  const heading = root.querySelector<HTMLElement>('#posts-title');
  if (!group || !list || !empty || !heading) return;

  const choose = (filter: BlogFilter) => {
    for (const button of group.querySelectorAll<HTMLButtonElement>('button[data-filter]')) {
      const pressed = button.dataset.filter === filter;
      button.setAttribute('aria-pressed', String(pressed));
      swapClasses(button, pressed ? FILTER_NOT_PRESSED : FILTER_PRESSED, pressed ? FILTER_PRESSED : FILTER_NOT_PRESSED);
    }
    let shown = 0;
    for (const item of list.querySelectorAll<HTMLElement>('li[data-category]')) {
      const match = filter === 'all' || item.dataset.category === filter;
      item.hidden = !match;
      if (match) shown += 1;
    }
    list.hidden = shown === 0;
    empty.hidden = shown > 0;
    const text = empty.querySelector('[data-blog-empty-text]');
    if (text) text.textContent = noPostsText(filter);
    heading.textContent = postsHeading(filter);
  };

  group.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-filter]') : null;
    const filter = button?.dataset.filter;
    if (isBlogFilter(filter)) choose(filter);
  });
}
