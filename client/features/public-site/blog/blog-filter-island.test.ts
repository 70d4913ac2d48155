import { beforeEach, describe, expect, it } from 'vitest';
import { BLOG_FILTERS, FILTER_BUTTON, FILTER_NOT_PRESSED, FILTER_PRESSED } from './blog-filter';
import { BLOG_FILTER_ISLAND, installBlogFilterIsland } from './blog-filter-island';

// The static page's markup as blog-page.tsx renders it for the filter "all", with three posts in two categories
// (content/blog/ holds none yet, so the pre-rendered page cannot show this).
function renderStaticBlog() {
  const buttons = BLOG_FILTERS.map(
    (f) =>
      `<button type="button" data-filter="${f.slug}" aria-pressed="${f.slug === 'all'}" class="${FILTER_BUTTON} ${f.slug === 'all' ? FILTER_PRESSED : FILTER_NOT_PRESSED}">${f.label}</button>`,
  ).join('');
  const post = (id: string, category: string) => `<li data-category="${category}" id="${id}"><p>${category}</p></li>`;
  document.body.innerHTML = `
    <div role="group" data-island="${BLOG_FILTER_ISLAND}">${buttons}</div>
    <h2 id="posts-title">All posts</h2>
    <div role="status" hidden data-blog-empty><p data-blog-empty-text>first articles</p></div>
    <ul data-blog-posts>${post('a', 'business')}${post('b', 'fact-checking')}${post('c', 'business')}</ul>`;
  installBlogFilterIsland();
}

const button = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === label)!;
const shown = () => [...document.querySelectorAll<HTMLElement>('li')].filter((li) => !li.hidden).map((li) => li.id);
const empty = () => document.querySelector<HTMLElement>('[data-blog-empty]')!;

describe('the blog filter island', () => {
  beforeEach(renderStaticBlog);

  it("shows the chosen category's posts, presses its button alone and names it in the heading", () => {
    button('Business').click();
    expect(shown()).toEqual(['a', 'c']);
    expect(document.getElementById('posts-title')!.textContent).toBe('Posts in Business');
    expect(button('Business').getAttribute('aria-pressed')).toBe('true');
    expect(button('Business').classList.contains('bg-ink')).toBe(true);
    expect(button('All').getAttribute('aria-pressed')).toBe('false');
    expect(button('All').classList.contains('bg-ink')).toBe(false);
    expect(empty().hidden).toBe(true);
  });

  it('shows the empty state, in the words of the category, when it has no post; All shows every post again', () => {
    button('Trust & credibility').click();
    expect(shown()).toEqual([]);
    expect(document.querySelector<HTMLElement>('[data-blog-posts]')!.hidden).toBe(true);
    expect(empty().hidden).toBe(false);
    expect(empty().textContent).toContain('There are no posts in Trust & credibility yet.');

    button('All').click();
    expect(shown()).toEqual(['a', 'b', 'c']);
    expect(empty().hidden).toBe(true);
    expect(document.getElementById('posts-title')!.textContent).toBe('All posts');
  });
});
