/** The status card's states (service-status.tsx and its island, service-status-island.ts): its dot and its words. */
export const SERVICE_STATUS = {
  checking: { tone: 'bg-slate-400', text: 'Checking service status...' },
  problem: { tone: 'bg-red-600', text: 'Some services are having problems. We are on it.' },
  up: { tone: 'bg-emerald-600', text: 'All systems operational' },
} as const;

/** Marks the card's line (service-status.tsx). */
export const SERVICE_STATUS_ISLAND = 'service-status';

export const SERVICE_STATUS_LINE = 'flex items-center gap-2 text-sm font-medium text-slate-900';
export const SERVICE_STATUS_DOT = 'h-2.5 w-2.5 rounded-full';
