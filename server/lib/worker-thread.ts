import { Worker } from 'node:worker_threads';

/** What a worker posts back for a request: its result, or why it failed. */
export type WorkerAnswer<Result> = { id: number; result: Result } | { id: number; error: string };

interface Pending<Result> {
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread that answers requests in order, off the main thread (the delivery diff, the grammar checker).
 * Started on first use, unref'd so it never keeps a process alive, started again if it dies; past `maxQueued`
 * waiting requests, `busy()` is thrown instead of queueing more.
 */
export class WorkerThread<Request extends { id: number }, Result> {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending<Result>>();

  constructor(
    private readonly entry: () => string,
    private readonly options: { name: string; maxQueued: number; busy: () => Error },
  ) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry());
    worker.unref();
    worker.on('message', (answer: WorkerAnswer<Result>) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.result);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.options.name} worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  /** Sends the request (its id is set here) and resolves with the worker's result. */
  run(request: Omit<Request, 'id'>): Promise<Result> {
    if (this.pending.size >= this.options.maxQueued) return Promise.reject(this.options.busy());
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.start().postMessage({ ...request, id });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
