import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Dialect, LocalLinter, type Lint } from 'harper.js';
import { binaryInlined } from 'harper.js/binaryInlined';
import type { EnglishVariant } from '../../../shared/categories';
import { plainMessage } from '../../../shared/finding-text';
import type { Finding } from '../../../shared/language-checks.schema';
import { checkAiTells } from './ai-tells';
import { maskForHarper, oneFindingPerSpan, overlapsSpan, piecesOf } from './harper-input';

/**
 * The language checker's worker thread (checker-thread.ts supervises it; decisions 034 and 052): harper.js, Harper's
 * WebAssembly grammar checker, on the masked text a piece at a time, and the "AI tells" rule pack beside it, so the
 * server's event loop does neither. Both linters are made and warmed as the thread starts (a text waits only for its
 * own dialect's); it then says it is ready.
 *
 * Texts take turns, a step each (the rule pack, the masking, one piece of at most 2,000 characters): a short text
 * sent behind a long one is answered after a few of the long one's steps, not after all of them. Each text has its own
 * time limit for its own steps; past it, that text alone is answered "too slow".
 */
export interface CheckRequest {
  id: number;
  text: string;
  variant: EnglishVariant;
  timeLimitMs: number;
}

/** Harper's spelling and grammar findings, and the house rules' ("AI tells", the other variant's words). */
export interface CheckResult {
  harper: Finding[];
  rules: Finding[];
}

export interface CheckerWorkerData {
  /** harper.js lints the text as given, whole: only in the tests that show a failure of harper.js is survived. */
  raw: boolean;
  /** Checks a long text with each linter before saying it is ready (the server's start: decision 071). */
  longWarmUp?: boolean;
}

/**
 * What the thread posts: that it is ready; that it starts a step of a text (the supervisor times each step); a text's
 * result; that a text ran out of time; or why harper.js failed on a text (its linter is then unusable).
 */
export type CheckerMessage =
  | { ready: true }
  | { step: number }
  | { id: number; result: CheckResult }
  | { id: number; tooSlow: true }
  | { id: number; error: string };

const SPELLING_KINDS = new Set(['Spelling', 'Typo']);
/**
 * Of either kind, only the first this-many findings by position are sent: a draft of 400,000 em dashes has as many
 * findings, and copying, checking and sending them all (73 MB) would hold the server's event loop for seconds.
 */
export const MAX_FINDINGS = 2_000;

/** A few lines of ordinary English with mistakes in them: the first lints compile the rules and fill the caches. */
const WARM_UP_LINES = [
  'Teh reviewer reads an draft about the colour of the sea, and their notes says it is good.',
  'Customers send articles, essays and letters; they want them clear, correct and honest. "Is this right?" she asked.',
  'In 2024, 1,200 people from London, New York and Sydney answered the survey. Most of them worked from home.',
  "The results, which we analysed carefully, don't prove anything on they're own. We will review it tomorrow.",
  'Our team delves into the rich tapestry of marketing, utilising synergy to recieve better leads every quater.',
  'The commitee met on Tuesday; it was decided that the budjet would be spent on training, travel and equipment.',
];
const WARM_UP = WARM_UP_LINES.join('\n\n');

/**
 * The size of a long order (3,000 words, about 17,000 characters) of sentences harper.js has not seen (each carries a
 * number), checked once per dialect at the start as a real text is (decision 071). A few short lints made the linter
 * usable, but the first real text still cost several times the next one: harper.js's WebAssembly runs its baseline
 * code until its functions are hot, the dictionary's lookups fill their caches as words come, and the rule pack and
 * masking run for the first time. harper.js remembers the sentences it has seen, so these never answer a reviewer's.
 */
function warmUpText(length = 17_000): string {
  let out = '';
  for (let n = 1; out.length < length; n += 1) {
    const line = WARM_UP_LINES[n % WARM_UP_LINES.length]!;
    out += `${line.replace(/\.( |$)/, ` (${n}).$1`)}${n % 3 === 0 ? '\n\n' : ' '}`;
  }
  return out;
}

function firstFindings(findings: Finding[]): Finding[] {
  if (findings.length <= MAX_FINDINGS) return findings;
  return findings.sort((a, b) => a.start - b.start || a.end - b.end).slice(0, MAX_FINDINGS);
}

/** harper.js answers spans in UTF-16 units, as the app counts (checked with astral characters in the tests). */
function toFinding(lint: Lint, offset: number): Finding {
  const span = lint.span();
  const kind = lint.lint_kind();
  return {
    start: span.start + offset,
    end: span.end + offset,
    rule: `harper:${kind}`,
    category: SPELLING_KINDS.has(kind) ? 'spelling' : 'grammar',
    message: plainMessage(lint.message()),
    suggestions: lint.suggestions().slice(0, 3).map((s) => s.get_replacement_text()),
  };
}

async function makeLinter(variant: EnglishVariant, longWarmUp: boolean): Promise<LocalLinter> {
  const linter = new LocalLinter({ binary: binaryInlined, dialect: variant === 'british' ? Dialect.British : Dialect.American });
  await linter.setup();
  // The first lints compile the rules (about a second): done here, not in a reviewer's request.
  await linter.lint(WARM_UP);
  if (!longWarmUp) return linter;
  // Then a long text, the whole way a text is checked, so the first reviewer's costs what the next one does.
  const steps = checking(linter, warmUpText(), variant, false);
  while (!(await steps.next()).done) {
    // each step in turn, as takeTurns runs them
  }
  return linter;
}

/** Every finding harper.js has on a piece, overlapping ones too (issue 42), one per span. */
async function lintAll(linter: LocalLinter, text: string, offset: number): Promise<Finding[]> {
  const lints = (await linter.lint(text, { dedup: false })).map((lint) => ({ lint, start: lint.span().start, end: lint.span().end, kind: lint.lint_kind() }));
  return oneFindingPerSpan(lints).map(({ lint }) => toFinding(lint, offset));
}

/** One text's check, a step at a time: the rule pack, the masking, then harper.js on each piece. */
async function* checking(linter: LocalLinter, text: string, variant: EnglishVariant, raw: boolean): AsyncGenerator<void, CheckResult> {
  const rules = firstFindings(checkAiTells(text, variant));
  yield;
  if (raw) return { harper: firstFindings(await lintAll(linter, text, 0)), rules };
  const { masked, spans } = maskForHarper(text);
  const pieces = piecesOf(masked);
  const harper: Finding[] = [];
  for (const piece of pieces) {
    // Without its leading spaces: harper.js reads the text as Markdown, where they would make it code, not prose.
    const prose = piece.text.trimStart();
    if (prose === '') continue;
    yield;
    const offset = piece.start + piece.text.length - prose.length;
    for (const finding of await lintAll(linter, prose, offset)) {
      if (!overlapsSpan(spans, finding.start, finding.end)) harper.push(finding);
    }
  }
  return { harper: firstFindings(harper), rules };
}

interface Active {
  id: number;
  steps: AsyncGenerator<void, CheckResult>;
  spentMs: number;
  timeLimitMs: number;
}

if (parentPort) {
  const port = parentPort;
  const post = (message: CheckerMessage) => port.postMessage(message);
  const { raw, longWarmUp = false } = workerData as CheckerWorkerData;
  // A panic in harper.js logs a stack that names the inlined WebAssembly as a data: URL of megabytes: cut it short.
  const logError = console.error.bind(console);
  console.error = (...args: unknown[]) => logError(...args.map((arg) => String(arg).slice(0, 2_000)));

  // One after the other: a text in British English waits only for the British linter.
  const british = makeLinter('british', longWarmUp);
  const linters: Record<EnglishVariant, Promise<LocalLinter>> = { british, american: british.then(() => makeLinter('american', longWarmUp)) };
  // A linter that fails to start fails the thread (the supervisor sees it exit and tells the waiting requests).
  void linters.american.then(() => post({ ready: true }));

  const active: Active[] = [];
  let running = false;
  /** Set once harper.js has failed: nothing more is checked here (the supervisor starts a fresh thread). */
  let broken = false;

  const takeTurns = async () => {
    running = true;
    let turn = 0;
    while (active.length > 0 && !broken) {
      turn %= active.length;
      const job = active[turn]!;
      post({ step: job.id });
      const started = performance.now();
      let step: IteratorResult<void, CheckResult>;
      try {
        step = await job.steps.next();
      } catch (error) {
        broken = true;
        post({ id: job.id, error: error instanceof Error ? error.message : String(error) });
        break;
      }
      job.spentMs += performance.now() - started;
      if (step.done) {
        active.splice(turn, 1);
        post({ id: job.id, result: step.value });
      } else if (job.spentMs > job.timeLimitMs) {
        active.splice(turn, 1);
        void job.steps.return({ harper: [], rules: [] });
        post({ id: job.id, tooSlow: true });
      } else {
        turn += 1;
      }
      // Lets texts sent meanwhile join the turns.
      await new Promise((resolve) => setImmediate(resolve));
    }
    running = false;
  };

  port.on('message', (request: CheckRequest) => {
    void linters[request.variant].then((linter) => {
      if (broken) return;
      active.push({ id: request.id, steps: checking(linter, request.text, request.variant, raw), spentMs: 0, timeLimitMs: request.timeLimitMs });
      if (!running) void takeTurns();
    });
  });
}
