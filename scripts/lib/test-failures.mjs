// The failed tests of a run, in a few lines each, read from the JSON reports Vitest and Playwright write beside their
// terminal output (scripts/run-tests.mjs). A CI log is long and is often read as an excerpt: this summary is printed
// last, so the cause of a red run is where a reader looks first.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export const REPORT_DIR = '.tmp/test-report';
export const VITEST_REPORT = `${REPORT_DIR}/vitest.json`;
export const PLAYWRIGHT_REPORT = `${REPORT_DIR}/playwright.json`;

const ERROR_LINES = 14;
// Stack frames inside the test runners say nothing about the failure.
const STACK_NOISE = /^\s*at .*(node_modules\/|\(<anonymous>\)|node:internal)/;

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { unreadable: err instanceof Error ? err.message : String(err) };
  }
}

function excerpt(message) {
  const lines = stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .filter((line) => line.trim() !== '' && !STACK_NOISE.test(line));
  const shown = lines.slice(0, ERROR_LINES).map((line) => `      ${line.slice(0, 240)}`);
  if (lines.length > ERROR_LINES) shown.push(`      … ${lines.length - ERROR_LINES} more lines`);
  return shown;
}

/** Vitest's JSON report (its "json" reporter): files, each with assertion results. */
function vitestFailures(root, report) {
  if (!report) return [];
  if (report.unreadable) return [`  Vitest's report could not be read: ${report.unreadable}`];
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      out.push(`  ✘ ${name} › ${test.fullName ?? test.title}`);
      out.push(...excerpt((test.failureMessages ?? []).join('\n')));
    }
    // A file that failed outside its tests: an import, a hook, or an error after the tests ended.
    if (failed.length === 0 && file.status === 'failed') {
      out.push(`  ✘ ${name} (the file, not one test)`);
      out.push(...excerpt(file.message));
    }
  }
  if (out.length === 0 && report.success === false) {
    out.push('  Vitest failed with no failed test: an unhandled error or a worker that exited (see its output above).');
  }
  return out;
}

/** Playwright's JSON report: suites nest suites and specs; a spec's tests hold results with errors. */
function playwrightFailures(root, report) {
  if (!report) return [];
  if (report.unreadable) return [`  Playwright's report could not be read: ${report.unreadable}`];
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const title = [...titles, spec.title].filter(Boolean).join(' › ');
        const file = path.relative(root, path.join(report.config?.rootDir ?? root, spec.file));
        out.push(`  ${test.status === 'flaky' ? '⚠ flaky' : '✘'} ${file}:${spec.line} › ${title}`);
        for (const result of test.results ?? []) {
          for (const error of result.errors ?? []) out.push(...excerpt(error.message ?? error.value));
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title === child.file ? '' : child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) {
    out.push('  ✘ Playwright, outside any test:');
    out.push(...excerpt(error.message ?? error.value));
  }
  return out;
}

/** The summary's lines, or none when both reports (where present) hold no failure. */
export function testFailureSummary(root) {
  const vitest = vitestFailures(root, readJson(path.join(root, VITEST_REPORT)));
  const playwright = playwrightFailures(root, readJson(path.join(root, PLAYWRIGHT_REPORT)));
  const lines = [];
  if (vitest.length > 0) lines.push('Vitest:', ...vitest);
  if (playwright.length > 0) lines.push('Playwright:', ...playwright);
  return lines;
}
