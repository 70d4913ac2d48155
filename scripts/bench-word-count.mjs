// Benchmark: countWords (shared/word-count.ts) on 40,000 characters of adversarial input, the longest text an order
// takes. Counting must stay linear (no regex backtracking, the segmenter only where punctuation joins words):
// every input counts in under 20 ms (median of the runs), and each answer is checked.
//
//   npm run bench:word-count          40,000 characters per input, 30 runs each
//   BENCH_QUICK=1 npm run bench:word-count   4,000 characters, 5 runs: a few seconds, answers checked
//   BENCH_RUNS=100                    runs per input
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const { countWords } = await import(path.join(root, 'shared/word-count.ts'));

const QUICK = process.env.BENCH_QUICK === '1';
const CHARACTERS = QUICK ? 4_000 : 40_000;
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 5 : 30));
const GOAL_MS = 20;

/** `unit` repeated to exactly CHARACTERS UTF-16 units (whole units only), and how many times it fits. */
function fill(unit) {
  const times = Math.floor(CHARACTERS / unit.length);
  return { text: unit.repeat(times), times };
}

/** Each input and the count it must give (null: only timed, checked for a sane range). */
const inputs = [
  ['words joined by /', () => { const { text, times } = fill('word/'); return { text, expected: times }; }],
  ['words joined by · (U+00B7)', () => { const { text, times } = fill('word·'); return { text, expected: times }; }],
  ['words joined by _', () => { const { text, times } = fill('word_'); return { text, expected: times }; }],
  ['words joined by U+1D159', () => { const { text, times } = fill('word\u{1D159}'); return { text, expected: times }; }],
  ['letters joined by .', () => { const { text, times } = fill('ab.'); return { text, expected: times }; }],
  ['pairs a/b (two runs: one word each)', () => { const { text, times } = fill('a/b '); return { text, expected: times }; }],
  ['triples a.b.c (many small tokens)', () => { const { text, times } = fill('ab.cd.ef '); return { text, expected: times * 3 }; }],
  ['one long digit chain 1.1.1.1', () => { const { text } = fill('1.'); return { text, expected: Math.ceil(text.length / 50) }; }],
  ['near-URL without scheme w.w/w:w', () => { const { text } = fill('w.w/w:'); return { text, expected: null }; }],
  ['@ and dots (e-mail shaped, too long)', () => { const { text } = fill('a.b@'); return { text, expected: null }; }],
  ['apostrophes a\'s', () => { const { text } = fill("ab's'"); return { text, expected: null }; }],
  ['only punctuation', () => { const { text } = fill('/.-·'); return { text, expected: Math.ceil(text.length / 50) }; }],
  ['zero-width joiners and emoji', () => { const { text } = fill('👨\u200D'); return { text, expected: null }; }],
  ['Chinese with commas', () => { const { text } = fill('我们，'); return { text, expected: null }; }],
  ['combining marks on one letter', () => { const text = 'a' + '\u0301'.repeat(CHARACTERS - 1); return { text, expected: Math.ceil(CHARACTERS / 50) }; }],
  ['one token a....a (closing punctuation)', () => { const text = 'a' + '.'.repeat(CHARACTERS - 2) + 'a'; return { text, expected: Math.ceil(CHARACTERS / 50) }; }],
  ['one token a((((a (opening punctuation)', () => { const text = '(a' + '('.repeat(CHARACTERS - 3) + 'a'; return { text, expected: Math.ceil(CHARACTERS / 50) }; }],
  // A "link" of more than six parts counts its parts (decision 005): http plus every w.
  ['URL-shaped: http:// then words joined by /', () => { const { text } = fill('w/'); const link = 'http://' + text.slice(7); return { text: link, expected: 1 + link.split('w').length - 1 }; }],
  ['ordinary English', () => { const { text, times } = fill('The reviewer reads every word. '); return { text, expected: times * 5 }; }],
];

let failed = false;
console.log(`countWords on ${CHARACTERS.toLocaleString('en-GB')} characters, median of ${RUNS} runs (goal < ${GOAL_MS} ms at 40,000)`);
for (const [name, make] of inputs) {
  const { text, expected } = make();
  const count = countWords(text); // warm-up, and the answer
  if (expected !== null && count !== expected) {
    console.error(`WRONG ${name}: counted ${count}, expected ${expected}`);
    failed = true;
  }
  if (count < 1 || count > text.length) {
    console.error(`WRONG ${name}: counted ${count} for ${text.length} characters`);
    failed = true;
  }
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    countWords(text);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const worst = times[times.length - 1];
  const slow = !QUICK && median >= GOAL_MS;
  if (slow) failed = true;
  console.log(`${slow ? 'SLOW ' : ''}${name.padEnd(40)} ${String(count).padStart(6)} words  median ${median.toFixed(2)} ms  max ${worst.toFixed(2)} ms`);
}
if (failed) {
  console.error('bench-word-count: FAILED');
  process.exit(1);
}
console.log('bench-word-count: ok');
