import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { EnglishVariant } from '../../../shared/categories';
import { HttpError } from '../../lib/http-error';
import type { CheckerMessage, CheckerWorkerData, CheckRequest, CheckResult } from './harper-worker';

export const CHECKS_BUSY_MESSAGE = 'The language checker is busy. Please try again in a few seconds.';
export const CHECKS_TOO_SLOW_MESSAGE =
  'This text took too long to check for spelling, grammar and AI tells, so it was not checked. Everything else in the workspace works as usual.';
export const CHECKS_FAILED_MESSAGE =
  'The spelling and grammar checker failed on this text, so it was not checked. Everything else in the workspace works as usual.';
export const CHECKS_UNAVAILABLE_MESSAGE = 'The language checker is not available just now. Please try again in a few seconds.';

export interface CheckerOptions {
  /** The worker's entry file (harper-worker.ts, bundled: server/lib/worker-entry.ts). */
  entry: () => string;
  /** Texts being checked at once; one more answers 503 with Retry-After. */
  maxQueued: number;
  /** A text's own time in the worker (its steps, not its wait); past it, it fails alone with a 422. */
  timeLimitMs: (text: string) => number;
  /** One step of a text (the rules, the masking, one piece) running longer: the worker is stuck and is replaced. */
  stepLimitMs: (text: string) => number;
  /** Given to the worker; `raw: true` lets a test give harper.js a text it fails on. */
  workerData?: CheckerWorkerData;
}

/** A text that failed fails again at once for this long: the workspace asks again on every save. */
const REMEMBER_FAILURE_MS = 10 * 60_000;
const REMEMBERED_FAILURES = 100;

interface Job {
  id: number;
  key: string;
  text: string;
  variant: EnglishVariant;
  sent: boolean;
  resolve: (result: CheckResult) => void;
  reject: (error: Error) => void;
}

const unavailable = () => new HttpError(503, CHECKS_UNAVAILABLE_MESSAGE, { 'retry-after': '5' });

/**
 * The language checker's one worker thread, supervised (decision 052). Every text accepted goes to the worker, where
 * texts take turns a step at a time, each within its own time limit. A text fails alone, with a clear 422, when it
 * runs out of time, when harper.js fails on it (a panic in its WebAssembly leaves the linter unusable, so the worker
 * is replaced), or when one of its steps never ends (the worker is stopped and replaced); the other texts are sent
 * to the fresh worker. Nothing in the worker outlives it: its linters are made again from the package. Started by
 * `warm()` (the server's start) or by the first text; a text's time counts from when its dialect's linter is made.
 *
 * A failed text is remembered (by its hash, for ten minutes) and fails at once when asked again, so the autosaves of
 * one hostile draft cannot hold the worker again and again.
 */
export class CheckerThread {
  private worker: Worker | null = null;
  private ready = false;
  private readonly jobs = new Map<number, Job>();
  private step: { id: number; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;
  private readonly failures = new Map<string, { error: HttpError; until: number }>();
  private readyWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** Workers started so far. */
  started = 0;

  constructor(private readonly options: CheckerOptions) {}

  /**
   * Starts the worker now, off any request (it makes both linters and checks a long text with each, so the first
   * reviewer's check costs what the next does: decision 071); throws if it cannot be started. A worker started by a
   * text, or in place of a failed one, only makes its linters: texts are waiting for it.
   */
  warm(): void {
    this.start(true);
  }

  /** Resolves once the worker has made its linters (tests, the benchmark); starts it if it is not running. */
  whenReady(): Promise<void> {
    this.start();
    if (this.ready) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  get isRunning(): boolean {
    return this.worker !== null;
  }

  /** Whether the running worker has made and warmed its linters (decision 071: a long text per dialect). */
  get isReady(): boolean {
    return this.worker !== null && this.ready;
  }

  check(text: string, variant: EnglishVariant): Promise<CheckResult> {
    const key = `${variant}:${createHash('sha256').update(text).digest('base64')}`;
    const failed = this.failures.get(key);
    if (failed && failed.until > Date.now()) return Promise.reject(failed.error);
    if (this.jobs.size >= this.options.maxQueued) return Promise.reject(new HttpError(503, CHECKS_BUSY_MESSAGE, { 'retry-after': '5' }));
    return new Promise<CheckResult>((resolve, reject) => {
      const job: Job = { id: this.nextId++, key, text, variant, sent: false, resolve, reject };
      this.jobs.set(job.id, job);
      try {
        this.start();
      } catch (error) {
        this.jobs.delete(job.id);
        throw error;
      }
      this.send();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    this.disarm();
    for (const job of this.jobs.values()) job.reject(unavailable());
    this.jobs.clear();
    for (const waiter of this.readyWaiters.splice(0)) waiter.reject(unavailable());
    if (worker) await worker.terminate();
  }

  private start(longWarmUp = false): void {
    if (this.worker) return;
    const workerData: CheckerWorkerData = { raw: false, ...this.options.workerData, longWarmUp };
    const worker = new Worker(this.options.entry(), { workerData });
    worker.unref();
    this.worker = worker;
    this.ready = false;
    this.started += 1;
    worker.on('message', (message: CheckerMessage) => {
      if (this.worker === worker) this.receive(message);
    });
    const died = () => {
      if (this.worker !== worker) return;
      const wasReady = this.ready;
      this.worker = null;
      this.ready = false;
      if (!wasReady && !this.step) {
        // It could not make its linters: tell everyone waiting, and start again only when asked again.
        for (const job of this.jobs.values()) job.reject(unavailable());
        this.jobs.clear();
        for (const waiter of this.readyWaiters.splice(0)) waiter.reject(unavailable());
        return;
      }
      // Idle, it is started again by the next text; during a step (out of memory, say), that text fails and the
      // others go to a fresh worker.
      if (!this.step && this.jobs.size === 0) return;
      this.replaceWorker(this.step?.id ?? null, new HttpError(422, CHECKS_FAILED_MESSAGE));
    };
    worker.on('error', died);
    worker.on('exit', died);
  }

  private receive(message: CheckerMessage): void {
    if ('ready' in message) {
      this.ready = true;
      for (const waiter of this.readyWaiters.splice(0)) waiter.resolve();
    } else if ('step' in message) {
      this.disarm();
      const job = this.jobs.get(message.step);
      if (!job) return;
      const timer = setTimeout(() => this.replaceWorker(job.id, new HttpError(422, CHECKS_TOO_SLOW_MESSAGE)), this.options.stepLimitMs(job.text));
      timer.unref();
      this.step = { id: job.id, timer };
    } else if ('result' in message) {
      this.settle(message.id, null, message.result);
    } else if ('tooSlow' in message) {
      this.settle(message.id, new HttpError(422, CHECKS_TOO_SLOW_MESSAGE));
    } else {
      // harper.js failed: its linter cannot be trusted again.
      this.replaceWorker(message.id, new HttpError(422, CHECKS_FAILED_MESSAGE));
    }
  }

  /** Sends the texts not sent yet (the worker takes each once its dialect's linter is made). */
  private send(): void {
    if (!this.worker) return;
    for (const job of this.jobs.values()) {
      if (job.sent) continue;
      job.sent = true;
      const request: CheckRequest = { id: job.id, text: job.text, variant: job.variant, timeLimitMs: this.options.timeLimitMs(job.text) };
      this.worker.postMessage(request);
    }
  }

  private settle(id: number, error: HttpError | null, result?: CheckResult): void {
    if (this.step?.id === id) this.disarm();
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    if (error) {
      this.remember(job.key, error);
      job.reject(error);
    } else {
      job.resolve(result!);
    }
  }

  /** The text `failing` (if any) fails with `error`; a fresh worker takes the others from the start. */
  private replaceWorker(failing: number | null, error: HttpError): void {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    this.disarm();
    if (failing !== null) this.settle(failing, error);
    void worker?.terminate();
    for (const job of this.jobs.values()) job.sent = false;
    try {
      this.start();
    } catch {
      // Its entry file is gone (a deployment replaced under it): the texts waiting cannot be checked here.
      for (const job of this.jobs.values()) job.reject(unavailable());
      this.jobs.clear();
      return;
    }
    this.send();
  }

  private disarm(): void {
    if (this.step) clearTimeout(this.step.timer);
    this.step = null;
  }

  private remember(key: string, error: HttpError): void {
    this.failures.delete(key);
    this.failures.set(key, { error, until: Date.now() + REMEMBER_FAILURE_MS });
    // A Map keeps insertion order: the first key is the oldest.
    if (this.failures.size > REMEMBERED_FAILURES) this.failures.delete(this.failures.keys().next().value!);
  }
}
