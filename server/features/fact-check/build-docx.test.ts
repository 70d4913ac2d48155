/** Comments at claims in the Word file (issue 45): anchored on the passage wherever it falls in the text. */
import { describe, expect, it } from 'vitest';
import { readZip } from '../../test-support/zip';
import { buildTrackedChangesDocx } from './build-docx';

const ORIGINAL = 'First line opens here.\nSecond line ends here.';
const REVIEWED = 'First line starts here.\nSecond line ends here!';

const claim = (passageStart: number, passageEnd: number) => ({
  passage: ORIGINAL.slice(passageStart, passageEnd),
  passageStart,
  passageEnd,
  verdict: 'supported' as const,
  sources: [],
  note: `note ${passageStart}`,
});

async function documentOf(claims: ReturnType<typeof claim>[]) {
  const zip = readZip(await buildTrackedChangesDocx({ original: ORIGINAL, reviewed: REVIEWED, title: 'T', date: new Date(0), claims, orderId: 'HP1' }));
  return { xml: zip.get('word/document.xml')!.toString('utf8'), comments: zip.get('word/comments.xml')?.toString('utf8') ?? '' };
}

/** The original text between a comment's range start and end (inserted text left out). */
function spanned(xml: string, id: number): string {
  const inner = xml.match(new RegExp(`<w:commentRangeStart w:id="${id}"/>([\\s\\S]*?)<w:commentRangeEnd w:id="${id}"/>`))?.[1];
  if (inner === undefined) return '<no range>';
  const paragraphs = inner.replace(/<w:ins\b[\s\S]*?<\/w:ins>/g, '').split('</w:p>');
  return paragraphs.map((p) => [...p.matchAll(/<w:(?:t|delText)[^>]*>([^<]*)<\/w:(?:t|delText)>/g)].map((m) => m[1]).join('')).join('\n');
}

describe('the Word file’s comments', () => {
  it('span the passage at the start, at the end, across a line break and inside a changed word', async () => {
    const cases = [claim(0, 5), claim(ORIGINAL.length - 5, ORIGINAL.length), claim(11, 29), claim(11, 16)];
    const { xml, comments } = await documentOf(cases);
    cases.forEach((c, id) => expect(spanned(xml, id), c.passage).toBe(c.passage));
    expect(comments.match(/<w:comment\b/g)).toHaveLength(4);
    expect(xml.match(/<w:commentReference /g)).toHaveLength(4);
  });

  it('keep a claim whose offsets fall outside the text, at the end, and none without claims', async () => {
    const { xml, comments } = await documentOf([claim(ORIGINAL.length + 10, ORIGINAL.length + 20)]);
    expect(comments).toContain('note 55');
    expect(xml).toContain('<w:commentRangeStart w:id="0"/>');
    expect(xml).toContain('<w:commentRangeEnd w:id="0"/>');
    expect((await documentOf([])).comments).toBe('');
  });
});
