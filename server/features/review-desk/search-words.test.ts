import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { insertOrder } from '../../test-support/mail';
import { wordsQuery } from './list-queue';

/**
 * The word index of the admin search (migration 0034, decision 072): a search of several words finds its candidates
 * through it instead of the trigram index, and finds exactly what the trigram search found: every order whose search
 * text holds the typed text, partial words included, in the page's order.
 */
let t: TestApp;
let admin: SignedInUser;

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  const people: [string, string, string][] = [
    ['Olivia', 'Smith', 'olivia.smith123@gmail.example'],
    ['Olivia', 'Smithson', 'o.smithson@yahoo.example'],
    ['Xolivia', 'Smith', 'xolivia@outlook.example'],
    ['Livia', 'Smithers', 'livia.smithers7@gmail.example'],
    ['Olivia', 'Jones', 'olivia.jones99@proton.example'],
    ['Zoë', "O'Neill", 'zoe.oneill@icloud.example'],
    ['José', 'Smith', 'jose.smith@gmail.example'],
    ['Ana', 'Smith-Olivia', 'ana42smith@gmail.example'],
  ];
  let n = 0;
  for (const [firstName, lastName, email] of people) {
    const user = await signUp(t.app, { firstName, lastName, email });
    for (const contact of [`${firstName} ${lastName}`, 'Marguerite Oakhampton']) {
      n += 1;
      await insertOrder(t.app.db, user.id, {
        id: `QW${String(n).padStart(9, '0')}`,
        contactName: contact,
        contactEmail: contact === 'Marguerite Oakhampton' ? 'press.office@oakhampton-media.example' : email,
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, n)),
        dueDate: new Date(Date.UTC(2026, 11, 1, n % 3)),
      });
    }
  }
});
afterAll(async () => t.close());

/** Text a reviewer types: whole names, partial words at either end, e-mails, punctuation, letters beside digits. */
const TYPED = [
  'olivia smith',
  'Olivia Smith',
  'livia smi',
  'via smith',
  'olivia smithson',
  'smith olivia',
  'ia smi',
  'o smith',
  'olivia.smith',
  'olivia.smith12',
  'olivia.smith123@gmail',
  'smith123@gmail.example',
  '@gmail.example',
  'a smith',
  'livia smithers7',
  'smithers7@',
  'smith-olivia',
  "o'neill",
  'zoe.oneill@icloud',
  'jose smith',
  'marguerite oakhampton',
  'oakhampton-media.example',
  'ana42smith',
  'a42s',
  '42smith@',
  ' ana smith',
  'ana smith-olivia ',
  'smith-olivia ana',
  'olivia ana',
];

describe('the word query', () => {
  it('asks for neighbouring words as their pair when both edges are known to 4 characters (decision 084)', () => {
    expect(wordsQuery('olivia smith')).toBe("'ivia$^smit'");
    expect(wordsQuery('olivia.smith123@gmail')).toBe("'ivia$^smit' & 'mith$^123' & '123$^gmai'");
    expect(wordsQuery('@northwind.example')).toBe("'wind$^exam'");
    // A whole word of 3 characters is its own first and last 3: its pair is known.
    expect(wordsQuery(' ana smith')).toBe("'ana$^smit'");
    expect(wordsQuery('olivia ana ')).toBe("'ivia$^ana'");
  });

  it('asks for the start of the last word, the end of the first (their first or last 3-4 characters), and the whole words between, where no pair is known', () => {
    expect(wordsQuery('o smith')).toBe("'^smit'");
    expect(wordsQuery('via smi')).toBe("'via$' & '^smi'");
    expect(wordsQuery('smith123')).toBe("'mith$' & '^123'");
    // A word under 3 characters breaks the pairs on both of its sides, as it does in the index.
    expect(wordsQuery('olivia x smith')).toBe("'ivia$' & '^smit'");
    expect(wordsQuery('olivia x smith jones')).toBe("'mith$^jone' & 'ivia$'");
    expect(wordsQuery('.olivia. ')).toBe("'olivia'");
  });

  it('leaves to the trigram index a lone part of a word, short words alone and text beyond ASCII', () => {
    expect(wordsQuery('oli')).toBeNull();
    expect(wordsQuery('olivia')).toBeNull();
    expect(wordsQuery('a b')).toBeNull();
    expect(wordsQuery('zoë smith')).toBeNull();
    expect(wordsQuery('%_\\')).toBeNull();
  });
});

describe('a search through the word index', () => {
  it('matches every order whose search text holds the typed text (the index only narrows, strpos decides)', async () => {
    for (const typed of TYPED) {
      const lower = typed.toLowerCase();
      const words = wordsQuery(lower);
      if (!words) continue;
      const missed = rows(
        await t.app.db.execute(
          sql`select id from submissions where strpos(search_text, ${lower}) > 0 and not (order_search_words(search_text) @@ ${words}::tsquery)`,
        ),
      );
      expect(missed, typed).toEqual([]);
    }
  });

  it('holds the words of every part of every search text: no substring\'s query misses the text it was cut from', async () => {
    const texts = rows(await t.app.db.execute(sql`select search_text as text from submissions where id like 'QW%'`)).map((r) => String(r.text));
    // Every cut of 4 to 24 characters at every third position: whole words, edges, 3-letter words, digits, separators.
    const cuts: { text: string; typed: string; words: string }[] = [];
    for (const text of texts) {
      for (let start = 0; start < text.length; start += 3) {
        for (let length = 4; length <= 24 && start + length <= text.length; length += 5) {
          const typed = text.slice(start, start + length);
          const words = wordsQuery(typed);
          if (words) cuts.push({ text, typed, words });
        }
      }
    }
    expect(cuts.filter((c) => c.words.includes('$^')).length).toBeGreaterThan(200);
    const missed = rows(
      await t.app.db.execute(
        sql`select typed, words from jsonb_to_recordset(${JSON.stringify(cuts)}::jsonb) as u(text text, typed text, words text)
          where not (order_search_words(text) @@ words::tsquery)`,
      ),
    );
    expect(missed).toEqual([]);
  });

  it('finds the same orders as the text search defines, in the page order of both sorts', async () => {
    let viaWords = 0;
    // Text without three letters or digits in a row searches the e-mails' starts only (decision 022), not this.
    for (const typed of TYPED.filter((text) => /[\p{L}\p{N}]{3}/u.test(text))) {
      if (wordsQuery(typed.toLowerCase())) viaWords += 1;
      for (const sort of ['created', 'due'] as const) {
        const order = sort === 'created' ? 'created_at desc, id' : 'due_date, queue_priority, id';
        const expected = rows(
          await t.app.db.execute(
            sql`select id from submissions where id like 'QW%' and strpos(search_text, ${typed.toLowerCase()}) > 0 order by ${sql.raw(order)}`,
          ),
        ).map((r) => r.id);
        const response = await t.request('GET', `/api/admin/submissions?q=${encodeURIComponent(typed)}&sort=${sort}&limit=100`, admin);
        expect(response.statusCode, `${typed}: ${response.body}`).toBe(200);
        const got = (response.json() as AdminSubmission[]).map((s) => s.id).filter((id) => id.startsWith('QW'));
        expect(got, `${typed} (${sort})`).toEqual(expected);
      }
    }
    expect(viaWords).toBeGreaterThan(15);
    // Some of them match partial words only: the search did not turn into a search of whole words.
    const partial = rows(await t.app.db.execute(sql`select count(*)::int as n from submissions where strpos(search_text, 'livia smi') > 0`));
    expect(partial[0]!.n).toBeGreaterThan(4);
  });

  it('is answered from the word index', async () => {
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows(
        await tx.execute(
          sql`explain select id from submissions where order_search_words(search_text) @@ ${wordsQuery('olivia smith')}::tsquery`,
        ),
      )
        .map((r) => String(Object.values(r)[0]))
        .join('\n');
    });
    expect(plan).toContain('submissions_search_words_idx');
  });
});
