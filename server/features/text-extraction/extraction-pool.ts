import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { workerEntry } from '../../lib/worker-entry';
import type { ContentLimits, SupportedExtension } from './extract-text';
import { EXTRACTION_LIMITS } from './limits';

export type ExtractionOutcome =
  | { ok: true; text: string }
  | { ok: false; reason: 'unreadable' | 'tooComplex' | 'tooMuchText'; detail: string };

type Limits = { -readonly [K in keyof typeof EXTRACTION_LIMITS]: number };

/** Resident memory of a process in bytes (Linux /proc); null where that cannot be read. */
function residentBytes(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Runs text extraction in child processes: at most `concurrency` at once, a short queue behind them, and each
 * child bounded in heap, resident memory and time. The server's own memory and event loop are never at stake.
 */
export class ExtractionPool {
  private running = 0;
  private admitted = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly children = new Set<ReturnType<typeof spawn>>();
  /** Highest resident memory seen in a child (tests, logs). */
  peakChildRssBytes = 0;

  constructor(readonly limits: Limits = { ...EXTRACTION_LIMITS }) {}

  /** Called before a request body is read: false when running and queued requests already fill the pool. */
  tryAdmit(): boolean {
    if (this.admitted >= this.limits.concurrency + this.limits.queueLength) return false;
    this.admitted += 1;
    return true;
  }

  leave(): void {
    this.admitted = Math.max(0, this.admitted - 1);
  }

  /** 'busy' when no slot freed up within the queue wait. */
  async extract(kind: SupportedExtension, bytes: Buffer): Promise<ExtractionOutcome | 'busy'> {
    if (!(await this.acquire())) return 'busy';
    try {
      return await this.runChild(kind, bytes);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Ends every running child (server shutdown). */
  stopAll(): void {
    for (const child of this.children) child.kill('SIGKILL');
  }

  private acquire(): Promise<boolean> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const start = () => {
        clearTimeout(timer);
        this.running += 1;
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(false);
      }, this.limits.queueWaitMs);
      this.waiting.push(start);
    });
  }

  private runChild(kind: SupportedExtension, bytes: Buffer): Promise<ExtractionOutcome> {
    const { limits } = this;
    const child = spawn(process.execPath, [`--max-old-space-size=${limits.heapMb}`, workerEntry(import.meta.url, 'extract-worker', 'extract-worker.ts')], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      // Nothing of the server's configuration (secrets) is passed to the code that parses hostile files.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    this.children.add(child);
    try {
      // Below the server's priority: requests keep the CPU while a file is read.
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // Not permitted here: run at the same priority.
    }

    return new Promise((resolve) => {
      let settled = false;
      let stderr = '';
      const finish = (outcome: ExtractionOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watchdog);
        this.children.delete(child);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        resolve(outcome);
      };
      const timer = setTimeout(
        () => finish({ ok: false, reason: 'tooComplex', detail: `took longer than ${limits.timeoutMs} ms` }),
        limits.timeoutMs,
      );
      const watchdog = setInterval(() => {
        const rss = child.pid ? residentBytes(child.pid) : null;
        if (rss === null) return;
        this.peakChildRssBytes = Math.max(this.peakChildRssBytes, rss);
        if (rss > limits.rssMb * 1024 * 1024) {
          finish({ ok: false, reason: 'tooComplex', detail: `used more than ${limits.rssMb} MB` });
        }
      }, limits.rssPollMs);

      child.stderr?.on('data', (chunk: Buffer) => {
        if (stderr.length < 2000) stderr += chunk.toString('utf8');
      });
      child.on('message', (message: ExtractionOutcome) => finish(message));
      child.on('error', (err) => finish({ ok: false, reason: 'tooComplex', detail: err.message }));
      child.on('exit', (code, signal) =>
        finish({ ok: false, reason: 'tooComplex', detail: `exited (${code ?? signal}) ${stderr.trim().slice(-500)}` }),
      );
      const contentLimits: ContentLimits = {
        maxUnzippedBytes: limits.maxUnzippedBytes,
        maxZipEntries: limits.maxZipEntries,
        maxPdfPages: limits.maxPdfPages,
        maxCharacters: limits.maxCharacters,
      };
      child.send({ kind, bytes, limits: contentLimits }, (err) => {
        if (err) finish({ ok: false, reason: 'tooComplex', detail: err.message });
      });
    });
  }
}

/** One pool per server process: the limits hold for the process, however many apps it builds (tests). */
export const extractionPool = new ExtractionPool();
