/** Exit codes: 0 done, 1 failed (refused, unreachable, not done), 2 misuse (arguments, configuration). */
export const EXIT = { done: 0, failed: 1, misuse: 2 } as const;

/** A failure the command line explains in one line and ends with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const misuse = (message: string) => new CliError(message, EXIT.misuse);
export const failed = (message: string) => new CliError(message, EXIT.failed);
