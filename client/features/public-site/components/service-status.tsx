import { cn } from '@client/lib/cn';
import { useHealth } from '../api/get-health';

/** A live answer to "is it down?": the service's own health check, asked when the card is shown. */
export function ServiceStatus() {
  const { isPending, isError } = useHealth();
  const [tone, text] = isPending
    ? ['bg-slate-400', 'Checking service status...']
    : isError
      ? ['bg-red-600', 'Some services are having problems. We are on it.']
      : ['bg-emerald-600', 'All systems operational'];
  return (
    <p role="status" className="flex items-center gap-2 text-sm font-medium text-slate-900">
      <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', tone)} />
      {text}
    </p>
  );
}
