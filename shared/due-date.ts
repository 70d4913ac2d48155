import { FAST_TURNAROUND_HOURS, STANDARD_TURNAROUND_BUSINESS_DAYS } from './pricing';

/** paidAt + 24 h with fast turnaround, else paidAt + 3 business days (Saturday and Sunday skipped, UTC). */
export function computeDueDate(paidAt: Date, fast: boolean): Date {
  if (fast) return new Date(paidAt.getTime() + FAST_TURNAROUND_HOURS * 3_600_000);
  const due = new Date(paidAt.getTime());
  let added = 0;
  while (added < STANDARD_TURNAROUND_BUSINESS_DAYS) {
    due.setUTCDate(due.getUTCDate() + 1);
    const day = due.getUTCDay();
    if (day !== 0 && day !== 6) added += 1;
  }
  return due;
}
