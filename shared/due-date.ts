import { FAST_TURNAROUND_HOURS, STANDARD_TURNAROUND_BUSINESS_DAYS } from './pricing';

/** paidAt + 24 h with fast turnaround, else paidAt + 3 business days (Saturday and Sunday skipped, UTC). */
export function computeDueDate(paidAt: Date, fast: boolean): Date {
  if (fast) return new Date(paidAt.getTime() + FAST_TURNAROUND_HOURS * 3_600_000);
  return addBusinessDays(paidAt, STANDARD_TURNAROUND_BUSINESS_DAYS);
}

/** `from` + `days` business days, same time of day (Saturday and Sunday skipped, UTC). */
export function addBusinessDays(from: Date, days: number): Date {
  const due = new Date(from.getTime());
  let added = 0;
  while (added < days) {
    due.setUTCDate(due.getUTCDate() + 1);
    const day = due.getUTCDay();
    if (day !== 0 && day !== 6) added += 1;
  }
  return due;
}
