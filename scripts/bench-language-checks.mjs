// Benchmark: the workspace's language checks (server/features/language-checks, issue 23) on 3,000 words of real
// English: harper.js in its worker thread plus the "AI tells" rule pack, as GET .../checks runs them. Goal: under
// 300 ms (median, after the worker's one-off start), and the rule pack alone a small fraction of that. The suggested
// claims (server/features/claim-suggestions) of the same text are timed beside them, with the same goal. A house style
// of 500 terms (server/features/style-guide, decision 046) is matched on the same text and on a 40,000-character one,
// compiled once as the server does, and its share of the whole check is printed.
//
//   npm run bench:language-checks                 3,000 words, 15 runs
//   BENCH_QUICK=1 npm run bench:language-checks   300 words, 3 runs: a few seconds, answers checked
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const { checkText, checkAiTells, closeLanguageChecker } = await import(path.join(root, 'server/features/language-checks/index.ts'));
const { suggestClaims } = await import(path.join(root, 'server/features/claim-suggestions/suggest-claims.ts'));
const { compileHouseStyle } = await import(path.join(root, 'server/features/style-guide/matcher.ts'));

const QUICK = process.env.BENCH_QUICK === '1';
const WORDS = QUICK ? 300 : 3_000;
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 3 : 15));
const GOAL_MS = 300;

const dir = path.join(root, 'shared', 'fixtures', 'word-count');
const corpus = readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n\n');
const tokens = corpus.split(/(\s+)/);
let text = '';
for (let i = 0, words = 0; words < WORDS; i = (i + 1) % tokens.length) {
  text += tokens[i];
  if (!/^\s+$/.test(tokens[i]) && tokens[i] !== '') words += 1;
}
// A few planted findings, so every run is checked for its answers.
text = `Teh results delve into the color of data. We utilise synergy. ${text}`;

// The largest house style the schema allows: 500 terms (words of the corpus, two-word phrases and two planted ones).
const corpusWords = [...new Set(corpus.toLowerCase().match(/\p{L}{4,}/gu) ?? [])];
const styleTerms = [
  { term: 'utilise', kind: 'banned', replacement: 'use' },
  { term: 'Synergy', kind: 'preferred', replacement: '' },
];
for (let i = 0; styleTerms.length < 500; i += 1) {
  const word = corpusWords[i % corpusWords.length];
  styleTerms.push(i % 3 === 0 ? { term: `${word} ${corpusWords[(i * 7) % corpusWords.length]} x${i}`, kind: 'banned', replacement: 'y' } : { term: `${word}${i}`, kind: 'banned', replacement: word });
}
const compileStarted = performance.now();
const houseStyle = compileHouseStyle(styleTerms);
const compileMs = performance.now() - compileStarted;
const longText = text.repeat(Math.ceil(40_000 / text.length)).slice(0, 40_000);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const started = performance.now();
const first = await checkText(text, 'british');
const startMs = performance.now() - started;
const rules = new Set(first.map((f) => f.rule));
let failed = false;
for (const wanted of ['ai-tells:stock-phrase', 'variant:american-spelling']) {
  if (!rules.has(wanted)) {
    console.error(`WRONG: no ${wanted} finding`);
    failed = true;
  }
}
if (!first.some((f) => f.category === 'spelling')) {
  console.error('WRONG: no spelling finding for "Teh"');
  failed = true;
}

const houseFound = houseStyle.find(text).map((f) => text.slice(f.start, f.end));
if (!houseFound.includes('utilise') || !houseFound.includes('synergy')) {
  console.error(`WRONG: house style found ${JSON.stringify(houseFound.slice(0, 5))}, not "utilise" and "synergy"`);
  failed = true;
}

const all = [];
const house = [];
const claims = [];
const withStyle = [];
const styleAlone = [];
const styleLong = [];
suggestClaims('Warm-up: the model loads on first use in 2024.');
for (let i = 0; i < RUNS; i += 1) {
  const c = performance.now();
  const found = suggestClaims(text);
  claims.push(performance.now() - c);
  if (found.length === 0) {
    console.error('WRONG: no suggested claims');
    failed = true;
  }
  let t = performance.now();
  await checkText(text, 'british');
  all.push(performance.now() - t);
  t = performance.now();
  checkAiTells(text, 'british');
  house.push(performance.now() - t);
  t = performance.now();
  await checkText(text, 'british', houseStyle);
  withStyle.push(performance.now() - t);
  t = performance.now();
  houseStyle.find(text);
  styleAlone.push(performance.now() - t);
  t = performance.now();
  houseStyle.find(longText);
  styleLong.push(performance.now() - t);
}
await closeLanguageChecker();
const total = median(all);
const rulePack = median(house);
console.log(`language checks on ${WORDS.toLocaleString('en-GB')} words, median of ${RUNS} runs (goal < ${GOAL_MS} ms at 3,000 words)`);
console.log(`  first call (worker start, rules compiled): ${startMs.toFixed(0)} ms`);
console.log(`  harper.js + AI tells: ${total.toFixed(1)} ms (${(total / GOAL_MS).toFixed(2)} of the goal)`);
console.log(`  AI tells alone: ${rulePack.toFixed(2)} ms (${(rulePack / total).toFixed(3)} of the total)`);
const styleMs = median(styleAlone);
console.log(`  house style, 500 terms: compiled once in ${compileMs.toFixed(1)} ms; matched in ${styleMs.toFixed(2)} ms (${(styleMs / total).toFixed(3)} of the total, ${(styleMs / rulePack).toFixed(2)} of AI tells)`);
console.log(`  harper.js + AI tells + house style: ${median(withStyle).toFixed(1)} ms (${(median(withStyle) / total).toFixed(2)} of the check without it)`);
console.log(`  house style on 40,000 characters: ${median(styleLong).toFixed(2)} ms`);
const claimsMs = median(claims);
console.log(`  suggested claims (wink-nlp, on the same text): ${claimsMs.toFixed(1)} ms (${(claimsMs / GOAL_MS).toFixed(2)} of the goal)`);
if (!QUICK && total >= GOAL_MS) {
  console.error(`SLOW: ${total.toFixed(0)} ms for ${WORDS} words`);
  failed = true;
}
if (!QUICK && claimsMs >= GOAL_MS) {
  console.error(`SLOW: suggested claims took ${claimsMs.toFixed(0)} ms for ${WORDS} words`);
  failed = true;
}
process.exit(failed ? 1 : 0);
