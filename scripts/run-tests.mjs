// `npm test`: every test. The unit and API tests (Vitest) run while the app is built for the end-to-end tests, then
// Playwright drives the built app. Vitest's files wait on the database and child processes much of the time, so the
// build's CPU work fits beside them (issue 22: CI time; measured in docs/decisions/039-ci-time.md).
//
//   npm test                 both suites, and the public pages' JavaScript budget (scripts/js-budget.mjs)
//   npm run test:unit        Vitest only
//   npm run test:e2e         build, then Playwright only
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PLAYWRIGHT_REPORT, REPORT_DIR, VITEST_REPORT, testFailureSummary } from './lib/test-failures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const verdicts = [];

/** Runs a command with the terminal's output; resolves with its exit code (a signal counts as failure). */
function run(label, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', (err) => {
      console.error(`${label}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const verdict = `[${label}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`;
      verdicts.push(verdict);
      console.log(`\n${verdict}`);
      resolve(code ?? 1);
    });
  });
}

// Each suite also writes a JSON report; the failed tests are summed up from them at the end (scripts/lib/test-failures.mjs).
rmSync(path.join(root, REPORT_DIR), { recursive: true, force: true });
mkdirSync(path.join(root, REPORT_DIR), { recursive: true });
process.env.PLAYWRIGHT_JSON_OUTPUT_FILE = path.join(root, PLAYWRIGHT_REPORT);

/** Prints the failed tests last, and keeps them in a file that CI prints after everything else (.ci/run). */
function summarise() {
  const lines = testFailureSummary(root);
  const failed = verdicts.some((verdict) => verdict.includes('FAILED'));
  const text =
    lines.length === 0 && !failed
      ? ''
      : ['', ...verdicts, 'Failed tests (from the suites\' JSON reports):', ...lines, ''].join('\n');
  writeFileSync(path.join(root, REPORT_DIR, 'failures.txt'), text);
  if (text) console.log(text);
}

const [unit, build] = await Promise.all([
  run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`]),
  run('build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]),
]);
if (build !== 0) {
  summarise();
  console.error('The build failed: the end-to-end tests cannot run.');
  process.exit(1);
}
// The public pages' JavaScript budget, from the build just made (decision 042).
const budget = await run('js-budget', process.execPath, [path.join(root, 'scripts', 'js-budget.mjs')]);
const e2e = await run('playwright', bin('playwright'), ['test']);
summarise();
process.exit(unit !== 0 || budget !== 0 || e2e !== 0 ? 1 : 0);
