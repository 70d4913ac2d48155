import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  Header,
  InsertedTextRun,
  Packer,
  Paragraph,
  TextRun,
  type ICommentOptions,
  type ParagraphChild,
} from 'docx';
import { AUTHOR_NAME, VERDICT_LABELS, type Claim } from '../../../shared/fact-check.schema';
import { diffWords, type DiffPart, type DiffPartType } from '../../../shared/text-diff';

interface Revision {
  id: number;
  author: string;
  date: string;
}

/** A paragraph as it is being built: its runs and how its closing paragraph mark changed. */
interface ParagraphDraft {
  runs: ParagraphChild[];
}

// XML 1.0 refuses most control characters; a Word file holding one would not open.
// eslint-disable-next-line no-control-regex
const XML_UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlSafe(text: string): string {
  return text.replace(XML_UNSAFE, '').replace(LONE_SURROGATE, '\uFFFD');
}

type DocxClaim = Pick<Claim, 'passage' | 'passageStart' | 'passageEnd' | 'verdict' | 'sources' | 'note'>;

/** A fact-check claim as a Word comment (issue 45): its verdict, its note and its sources, one paragraph each. */
function claimComment(claim: DocxClaim, id: number, date: Date): ICommentOptions {
  const lines = [`Fact check: ${VERDICT_LABELS[claim.verdict]}`, claim.note, ...claim.sources.map((url) => `Source: ${url}`)];
  return {
    id,
    author: AUTHOR_NAME,
    initials: 'HP',
    date,
    children: lines.filter((line) => line.trim() !== '').map((line) => new Paragraph({ children: [new TextRun(xmlSafe(line))] })),
  };
}

/**
 * Where each claim's comment opens and closes, by offset in the original text: the markers to place before the
 * original's character at that offset (comments are anchored on the quoted passage, which the claim records in
 * the original). Offsets past the text close at its end.
 */
function commentMarkers(claims: readonly DocxClaim[], originalLength: number): Map<number, ParagraphChild[]> {
  const at = new Map<number, ParagraphChild[]>();
  const add = (offset: number, child: ParagraphChild) => {
    const key = Math.min(Math.max(0, offset), originalLength);
    at.set(key, [...(at.get(key) ?? []), child]);
  };
  claims.forEach((claim, id) => {
    add(claim.passageStart, new CommentRangeStart(id));
    add(Math.max(claim.passageEnd, claim.passageStart), new CommentRangeEnd(id));
    add(Math.max(claim.passageEnd, claim.passageStart), new TextRun({ children: [new CommentReference(id)] }));
  });
  return at;
}

/**
 * The reviewed copy as a Word document whose every change is a tracked revision (w:ins / w:del) by the review
 * team, so the customer accepts or rejects each one in Word or LibreOffice. Accepting all gives the reviewed text;
 * rejecting all gives the original. A line break the review added or removed is a tracked paragraph mark. Each
 * fact-check claim is a comment on its passage, and the header names the order and its certificate (issue 45).
 */
export async function buildTrackedChangesDocx(input: {
  original: string;
  reviewed: string;
  title: string;
  date: Date;
  /** The stored diff of the two texts (server/features/delivery-diff/), when the caller has it. */
  parts?: readonly DiffPart[];
  /** The fact-check claims, anchored in the original text. */
  claims?: readonly DocxClaim[];
  /** For the header: the order's id and its certificate's code, when it has one. */
  orderId?: string;
  certificateCode?: string | null;
}): Promise<Buffer> {
  const parts = input.parts ?? diffWords(input.original, input.reviewed);
  const date = input.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  let nextId = 1;
  const revision = (): Revision => ({ id: nextId++, author: AUTHOR_NAME, date });

  const paragraphs: Paragraph[] = [];
  let current: ParagraphDraft = { runs: [] };
  const closeParagraph = (mark: DiffPartType) => {
    const run = mark === 'insert' ? { insertion: revision() } : mark === 'delete' ? { deletion: revision() } : undefined;
    paragraphs.push(new Paragraph({ children: current.runs, ...(run ? { run } : {}) }));
    current = { runs: [] };
  };
  const pushRun = (type: DiffPartType, text: string) => {
    const safe = xmlSafe(text);
    if (safe === '') return;
    if (type === 'insert') current.runs.push(new InsertedTextRun({ text: safe, ...revision() }));
    else if (type === 'delete') current.runs.push(new DeletedTextRun({ text: safe, ...revision() }));
    else current.runs.push(new TextRun({ text: safe }));
  };

  // The original's offset as the parts are walked (equal and deleted text are the original), and the comment
  // markers due at each offset: a run of original text is split where a marker falls inside it.
  const claims = input.claims ?? [];
  const markers = commentMarkers(claims, input.original.length);
  let offset = 0;
  const placeMarkers = () => {
    const due = markers.get(offset);
    if (!due) return;
    current.runs.push(...due);
    markers.delete(offset);
  };
  const addRun = (type: DiffPartType, text: string) => {
    if (type === 'insert') return pushRun(type, text);
    const start = offset;
    let from = 0;
    for (let i = 1; i < text.length; i++) {
      if (!markers.has(start + i)) continue;
      pushRun(type, text.slice(from, i));
      from = i;
      offset = start + i;
      placeMarkers();
    }
    pushRun(type, text.slice(from));
    offset = start + text.length;
  };

  for (const part of parts as DiffPart[]) {
    const lines = part.text.split('\n');
    lines.forEach((line, i) => {
      if (i > 0) {
        placeMarkers();
        closeParagraph(part.type);
        if (part.type !== 'insert') offset += 1; // the line break is a character of the original
      }
      placeMarkers();
      addRun(part.type, line);
    });
  }
  placeMarkers();
  // A claim whose offsets fall past the text (or inside a line break) still gets its comment, at the end.
  for (const key of [...markers.keys()].sort((a, b) => a - b)) current.runs.push(...markers.get(key)!);
  closeParagraph('equal');

  const headerText = input.orderId
    ? `Order ${input.orderId}${input.certificateCode ? ` · Certificate ${input.certificateCode}` : ''} · Reviewed by ${AUTHOR_NAME}`
    : null;

  const document = new Document({
    creator: AUTHOR_NAME,
    lastModifiedBy: AUTHOR_NAME,
    title: xmlSafe(input.title),
    description: 'Reviewed copy with tracked changes',
    features: { trackRevisions: true },
    ...(claims.length > 0 ? { comments: { children: claims.map((claim, id) => claimComment(claim, id, input.date)) } } : {}),
    sections: [
      {
        ...(headerText ? { headers: { default: new Header({ children: [new Paragraph({ children: [new TextRun(xmlSafe(headerText))] })] }) } } : {}),
        children: paragraphs,
      },
    ],
  });
  return Packer.toBuffer(document);
}
