import { useEffect, useState, type FormEvent } from 'react';
import {
  addDays,
  INSIGHTS_MESSAGES,
  INSIGHTS_PRESET_DAYS,
  isCalendarDay,
  londonDay,
  MAX_INSIGHTS_RANGE_DAYS,
  presetLabel,
  rangeLength,
} from '@shared/insights.schema';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import type { DayRange } from './api/get-insights';

/** The last `days` London days, today included. */
export function presetRange(days: number, now = new Date()): DayRange {
  const to = londonDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The same rule the server applies (shared/insights.schema.ts): real days, start ≤ end, at most 1,096 days (3 years). */
export function rangeError(range: DayRange): string | null {
  if (!isCalendarDay(range.from) || !isCalendarDay(range.to)) return INSIGHTS_MESSAGES.badDate;
  const days = rangeLength(range.from, range.to);
  return days < 1 || days > MAX_INSIGHTS_RANGE_DAYS ? INSIGHTS_MESSAGES.badRange : null;
}

const ERROR_ID = 'insights-range-error';

/** One end of the range: a labelled date input, bounded by the other end, marked invalid with the range's error. */
function DayInput({
  label,
  name,
  value,
  min,
  max,
  error,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  min?: string;
  max?: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col text-xs text-slate-600">
      {label}
      <Input
        type="date"
        name={name}
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
        className="h-9"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ERROR_ID : undefined}
      />
    </label>
  );
}

/** Two date inputs (London days, both included) and presets; the range changes on "Show" or a preset. */
export function RangePicker({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = rangeError(draft);
    setError(problem);
    if (!problem) onChange(draft);
  };
  const today = londonDay(new Date());
  const activePreset = INSIGHTS_PRESET_DAYS.find((days) => value.to === today && rangeLength(value.from, value.to) === days);

  return (
    <form className="flex flex-col gap-3" aria-label="Date range" onSubmit={submit} noValidate>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Presets">
        {INSIGHTS_PRESET_DAYS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant={activePreset === days ? 'primary' : 'outline'}
            aria-pressed={activePreset === days}
            onClick={() => {
              setError(null);
              onChange(presetRange(days));
            }}
          >
            {presetLabel(days)}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <DayInput label="From" name="from" value={draft.from} max={draft.to} error={error} onChange={(from) => setDraft({ ...draft, from })} />
        <DayInput label="To" name="to" value={draft.to} min={draft.from} error={error} onChange={(to) => setDraft({ ...draft, to })} />
        <Button type="submit" size="sm" variant="outline">
          Show
        </Button>
      </div>
      {error ? (
        <p id={ERROR_ID} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
