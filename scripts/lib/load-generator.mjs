// The load generator of an app benchmark (autocannon), in a process of its own or in the app's. In the app's process
// it shares the app's one thread: each answer autocannon parses (a queue page is 60-80 KB of JSON) waits behind the
// app's work, and the app's work behind it, which no deployment has. `inline` keeps the old way, to compare.
//   BENCH_LOADGEN=process (the default) | inline
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** What a benchmark reads of autocannon's result. */
function summary(result) {
  return {
    non2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Where the load generator runs: `process` or `inline`. */
export function loadGeneratorMode() {
  const mode = (process.env.BENCH_LOADGEN ?? 'process').trim() || 'process';
  if (mode !== 'process' && mode !== 'inline') throw new Error(`BENCH_LOADGEN must be process or inline, not ${mode}`);
  return mode;
}

/** autocannon's run of `options` (url, headers, connections, duration): requests/s, p50 and p99 in ms, failures. */
export async function measureLoad(options, mode = loadGeneratorMode()) {
  if (mode === 'inline') return summary(await autocannon(options));
  const child = fork(fileURLToPath(import.meta.url), ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    return await new Promise((resolve, reject) => {
      child.once('message', (message) => (message.error ? reject(new Error(message.error)) : resolve(message.result)));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the load generator exited with ${code} before answering`)));
      child.send(options);
    });
  } finally {
    child.kill();
  }
}

if (process.argv[2] === '--child') {
  // A benchmark that stops early takes its load generator with it.
  process.once('disconnect', () => process.exit(1));
  process.once('message', async (options) => {
    try {
      process.send({ result: summary(await autocannon(options)) }, () => process.exit(0));
    } catch (error) {
      process.send({ error: String(error?.stack ?? error) }, () => process.exit(1));
    }
  });
}
