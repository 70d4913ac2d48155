/**
 * The dashboard's charts (recharts). This module is loaded lazily by the insights page, after its tables, so the
 * chart library is its own chunk: no other page, public or not, downloads it (decision 023).
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { OPEN_AGE_BUCKETS, type Insights } from '@shared/insights.schema';
import { statusLabel } from '@shared/submission-status';
import { formatDay, turnaroundLabel } from './insights-tables';

const COLOURS = ['#047857', '#0f172a', '#d97706', '#b91c1c', '#2563eb'];
const HEIGHT = 260;

function Frame({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <figure className="w-full" aria-label={label}>
      <div style={{ width: '100%', height: HEIGHT }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{label}. The table below holds the same figures.</figcaption>
    </figure>
  );
}

export function DailyChart({ data }: { data: Insights }) {
  const rows = data.daily.map((d) => ({ day: formatDay(d.day), orders: d.orders, net: d.netPence / 100 }));
  return (
    <Frame label="Chart: orders and net revenue per day">
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
        <YAxis yAxisId="net" orientation="right" tick={{ fontSize: 12 }} width={56} tickFormatter={(v: number) => `£${v}`} />
        <Tooltip formatter={(value, name) => (name === 'Net revenue' ? `£${Number(value).toFixed(2)}` : String(value))} />
        <Legend />
        <Bar yAxisId="orders" dataKey="orders" name="Orders" fill={COLOURS[0]} isAnimationActive={false} />
        <Line yAxisId="net" dataKey="net" name="Net revenue" stroke={COLOURS[2]} dot={false} strokeWidth={2} isAnimationActive={false} />
      </ComposedChart>
    </Frame>
  );
}

export function TurnaroundChart({ data }: { data: Insights }) {
  const rows = data.turnaround.map((r) => ({
    group: turnaroundLabel(r),
    median: r.medianHours,
    p90: r.p90Hours,
    promised: r.promisedMedianHours,
  }));
  return (
    <Frame label="Chart: turnaround in hours against the promise">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="group" tick={{ fontSize: 11 }} interval={0} angle={-20} textAnchor="end" height={48} />
        <YAxis tick={{ fontSize: 12 }} width={40} unit=" h" />
        <Tooltip formatter={(value) => (value === null ? '—' : `${String(value)} h`)} />
        <Legend />
        <Bar dataKey="median" name="Median" fill={COLOURS[0]} isAnimationActive={false} />
        <Bar dataKey="p90" name="90th percentile" fill={COLOURS[1]} isAnimationActive={false} />
        <Bar dataKey="promised" name="Promised (median)" fill={COLOURS[2]} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

export function OnTimeChart({ data }: { data: Insights }) {
  const rows = data.turnaround.map((r) => ({
    group: turnaroundLabel(r),
    rate: r.onTimeRate === null ? null : Math.round(r.onTimeRate * 1000) / 10,
  }));
  return (
    <Frame label="Chart: share of orders delivered by their due date">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="group" tick={{ fontSize: 11 }} interval={0} angle={-20} textAnchor="end" height={48} />
        <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} width={44} unit="%" />
        <Tooltip formatter={(value) => (value === null ? '—' : `${String(value)}%`)} />
        <Bar dataKey="rate" name="On time" fill={COLOURS[0]} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

export function OpenWorkChart({ data }: { data: Insights }) {
  const rows = data.openWork.map((r) => ({ ...r, label: statusLabel(r.status) }));
  return (
    <Frame label="Chart: open work by status and age">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
        <Tooltip />
        <Legend />
        {OPEN_AGE_BUCKETS.map((b, i) => (
          <Bar key={b.key} dataKey={b.key} name={b.label} stackId="age" fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  );
}

export function ReviewersChart({ data }: { data: Insights }) {
  return (
    <Frame label="Chart: completed orders and words per reviewer">
      <BarChart data={data.reviewers} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
        <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
        <YAxis yAxisId="words" orientation="right" tick={{ fontSize: 12 }} width={56} />
        <Tooltip />
        <Legend />
        <Bar yAxisId="orders" dataKey="orders" name="Orders" fill={COLOURS[0]} isAnimationActive={false} />
        <Bar yAxisId="words" dataKey="words" name="Words" fill={COLOURS[1]} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}
