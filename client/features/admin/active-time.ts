import { useRef } from 'react';
import { EFFORT_IDLE_CUTOFF_SECONDS } from '@shared/review-effort.schema';

/**
 * Active editing time for the effort record (issues 23 and 24): the time between one input and the next counts
 * when the gap is at most EFFORT_IDLE_CUTOFF_SECONDS; a longer pause (reading elsewhere, a coffee) counts nothing.
 * Saves take the seconds gathered so far, and give them back when the save fails.
 */
export class ActiveTimeMeter {
  private last: number | null = null;
  private milliseconds = 0;
  private sessionMilliseconds = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Focus, a key, a pointer press or an input in the editor. */
  activity(): void {
    const now = this.now();
    if (this.last !== null) {
      const gap = now - this.last;
      if (gap > 0 && gap <= EFFORT_IDLE_CUTOFF_SECONDS * 1000) {
        this.milliseconds += gap;
        this.sessionMilliseconds += gap;
      }
    }
    this.last = now;
  }

  /** The whole seconds gathered since the last take; the fraction stays for the next. */
  take(): number {
    const seconds = Math.floor(this.milliseconds / 1000);
    this.milliseconds -= seconds * 1000;
    return seconds;
  }

  /** Every whole second gathered since this meter started, taken or not (the check before delivery shows it). */
  sessionSeconds(): number {
    return Math.floor(this.sessionMilliseconds / 1000);
  }

  giveBack(seconds: number): void {
    this.milliseconds += seconds * 1000;
  }
}

export function useActiveTimeMeter(): ActiveTimeMeter {
  const meter = useRef<ActiveTimeMeter | null>(null);
  meter.current ??= new ActiveTimeMeter();
  return meter.current;
}
