import { describe, expect, it } from 'vitest';
import { BlogPostError, loadBlogPosts, parseBlogPost, splitFrontMatter } from './front-matter';

const SAMPLE = `---
title: "Five claims to check before you publish: a field guide"
slug: five-claims-to-check
excerpt: 'Statistics, quotes and dates are where AI drafts go wrong most often.'
author: Priya Shah
category: fact-checking
publishedAt: 2025-06-24
readTime: 6
---

## Start with the numbers

Every statistic needs a source: a name, a year and a link.
`;

describe('splitFrontMatter', () => {
  it('separates quoted and bare values from the body (a colon inside a value survives)', () => {
    const { data, body } = splitFrontMatter(SAMPLE);
    expect(data.title).toBe('Five claims to check before you publish: a field guide');
    expect(data.excerpt).toBe('Statistics, quotes and dates are where AI drafts go wrong most often.');
    expect(data.readTime).toBe('6');
    expect(body.startsWith('## Start with the numbers')).toBe(true);
  });

  it('accepts Windows line endings and a byte-order mark', () => {
    const { data } = splitFrontMatter(`\uFEFF${SAMPLE.replace(/\n/g, '\r\n')}`);
    expect(data.slug).toBe('five-claims-to-check');
  });

  it('treats a file without front matter as all body', () => {
    expect(splitFrontMatter('# Hello')).toEqual({ data: {}, body: '# Hello' });
  });
});

describe('parseBlogPost', () => {
  it('reads every field of the spec', () => {
    const post = parseBlogPost('sample.md', SAMPLE);
    expect(post).toMatchObject({
      id: 'five-claims-to-check',
      slug: 'five-claims-to-check',
      title: 'Five claims to check before you publish: a field guide',
      author: 'Priya Shah',
      category: 'fact-checking',
      publishedAt: '2025-06-24',
      readTime: 6,
    });
    expect(post.body).toContain('Every statistic needs a source');
  });

  it.each([
    ['a missing field', SAMPLE.replace('author: Priya Shah\n', ''), /missing "author"/],
    ['an unknown category', SAMPLE.replace('category: fact-checking', 'category: gossip'), /unknown category/],
    ['a bad slug', SAMPLE.replace('slug: five-claims-to-check', 'slug: Five Claims'), /slug/],
    ['a bad date', SAMPLE.replace('publishedAt: 2025-06-24', 'publishedAt: last week'), /publishedAt/],
    ['a bad read time', SAMPLE.replace('readTime: 6', 'readTime: soon'), /readTime/],
  ])('refuses %s', (_name, raw, problem) => {
    expect(() => parseBlogPost('sample.md', raw)).toThrow(BlogPostError);
    expect(() => parseBlogPost('sample.md', raw)).toThrow(problem);
  });
});

describe('loadBlogPosts', () => {
  it('skips the README, sorts newest first and refuses a repeated slug', () => {
    const older = SAMPLE.replace('five-claims-to-check', 'older-post').replace('2025-06-24', '2025-01-02');
    const posts = loadBlogPosts({ 'a/README.md': '# How to write a post', 'a/older.md': older, 'a/new.md': SAMPLE });
    expect(posts.map((p) => p.slug)).toEqual(['five-claims-to-check', 'older-post']);
    expect(() => loadBlogPosts({ 'a/1.md': SAMPLE, 'a/2.md': SAMPLE })).toThrow(/two posts share this slug/);
  });

  it('is empty when no post is shipped', () => {
    expect(loadBlogPosts({ 'content/blog/README.md': '# Blog posts' })).toEqual([]);
  });
});
