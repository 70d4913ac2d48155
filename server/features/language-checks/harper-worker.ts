import { parentPort } from 'node:worker_threads';
import { Dialect, LocalLinter, type Lint } from 'harper.js';
import { binaryInlined } from 'harper.js/binaryInlined';
import type { Finding } from '../../../shared/language-checks.schema';

/**
 * A worker thread (see check-text.ts) running harper.js, Harper's WebAssembly grammar checker, so the server's event
 * loop never lints (decision 034). One linter per dialect, made on first use and warmed once.
 */
export interface LintRequest {
  id: number;
  text: string;
  variant: 'british' | 'american';
}

const linters = new Map<LintRequest['variant'], Promise<LocalLinter>>();

function linterFor(variant: LintRequest['variant']): Promise<LocalLinter> {
  let linter = linters.get(variant);
  if (!linter) {
    linter = (async () => {
      const made = new LocalLinter({ binary: binaryInlined, dialect: variant === 'british' ? Dialect.British : Dialect.American });
      await made.setup();
      // The first lint compiles the rules (about a second): done here, not in a reviewer's request.
      await made.lint('A warm-up sentence for the checker.');
      return made;
    })();
    linters.set(variant, linter);
  }
  return linter;
}

const SPELLING_KINDS = new Set(['Spelling', 'Typo']);

/** harper.js answers spans in UTF-16 units, as the app counts (checked with astral characters in the tests). */
function toFinding(lint: Lint): Finding {
  const span = lint.span();
  const kind = lint.lint_kind();
  return {
    start: span.start,
    end: span.end,
    rule: `harper:${kind}`,
    category: SPELLING_KINDS.has(kind) ? 'spelling' : 'grammar',
    message: lint.message(),
    suggestions: lint.suggestions().slice(0, 3).map((s) => s.get_replacement_text()),
  };
}

export async function lintText(text: string, variant: LintRequest['variant']): Promise<Finding[]> {
  const linter = await linterFor(variant);
  return (await linter.lint(text)).map(toFinding);
}

parentPort?.on('message', (request: LintRequest) => {
  lintText(request.text, request.variant).then(
    (findings) => parentPort!.postMessage({ id: request.id, result: findings }),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
