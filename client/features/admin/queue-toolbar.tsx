import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { QUEUE_STATUS_FILTERS, type QueueSort, type QueueStatusFilter } from '@shared/review.schema';
import { STATUS_LABELS, isSubmissionStatus } from '@shared/submission-status';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import type { QueueFilters } from './api/get-queue';

const SEARCH_DEBOUNCE_MS = 300;
const SELECT =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 sm:text-sm';

const filterLabel = (f: QueueStatusFilter) => (f === 'all' ? 'All' : isSubmissionStatus(f) ? STATUS_LABELS[f] : f);

/** Status filter (all, new, paid, in-review, completed), search by id or e-mail, sort by date or due date. */
export function QueueToolbar({ filters, onChange }: { filters: QueueFilters; onChange: (next: QueueFilters) => void }) {
  const statusId = useId();
  const sortId = useId();
  const searchId = useId();
  const [search, setSearch] = useState(filters.q);

  useEffect(() => {
    if (search.trim() === filters.q) return;
    const timer = window.setTimeout(() => onChange({ ...filters, q: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters, onChange]);

  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_10rem_12rem]">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={searchId}>Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder="Submission id or customer e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={statusId}>Status</Label>
        <select
          id={statusId}
          className={SELECT}
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value as QueueStatusFilter })}
        >
          {QUEUE_STATUS_FILTERS.map((f) => (
            <option key={f} value={f}>
              {filterLabel(f)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={sortId}>Sort by</Label>
        <select
          id={sortId}
          className={SELECT}
          value={filters.sort}
          onChange={(e) => onChange({ ...filters, sort: e.target.value as QueueSort })}
        >
          <option value="created">Newest first</option>
          <option value="due">Due date (soonest first)</option>
        </select>
      </div>
    </div>
  );
}
