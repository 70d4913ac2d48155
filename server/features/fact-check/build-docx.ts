import { DeletedTextRun, Document, InsertedTextRun, Packer, Paragraph, TextRun, type ParagraphChild } from 'docx';
import { AUTHOR_NAME } from '../../../shared/fact-check.schema';
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

/**
 * The reviewed copy as a Word document whose every change is a tracked revision (w:ins / w:del) by the review
 * team, so the customer accepts or rejects each one in Word or LibreOffice. Accepting all gives the reviewed text;
 * rejecting all gives the original. A line break the review added or removed is a tracked paragraph mark.
 */
export async function buildTrackedChangesDocx(input: {
  original: string;
  reviewed: string;
  title: string;
  date: Date;
  /** The stored diff of the two texts (server/features/delivery-diff/), when the caller has it. */
  parts?: readonly DiffPart[];
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
  const addRun = (type: DiffPartType, text: string) => {
    const safe = xmlSafe(text);
    if (safe === '') return;
    if (type === 'insert') current.runs.push(new InsertedTextRun({ text: safe, ...revision() }));
    else if (type === 'delete') current.runs.push(new DeletedTextRun({ text: safe, ...revision() }));
    else current.runs.push(new TextRun({ text: safe }));
  };

  for (const part of parts as DiffPart[]) {
    const lines = part.text.split('\n');
    lines.forEach((line, i) => {
      if (i > 0) closeParagraph(part.type);
      addRun(part.type, line);
    });
  }
  closeParagraph('equal');

  const document = new Document({
    creator: AUTHOR_NAME,
    lastModifiedBy: AUTHOR_NAME,
    title: xmlSafe(input.title),
    description: 'Reviewed copy with tracked changes',
    features: { trackRevisions: true },
    sections: [{ children: paragraphs }],
  });
  return Packer.toBuffer(document);
}
