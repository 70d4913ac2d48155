import { cn } from '@client/lib/cn';
import { useHealth } from '../api/get-health';
import { SERVICE_STATUS, SERVICE_STATUS_DOT, SERVICE_STATUS_ISLAND, SERVICE_STATUS_LINE } from './service-status-texts';

/**
 * A live answer to "is it down?": the service's own health check, asked when the card is shown. A visitor's
 * /help-center asks it without React (service-status-island.ts).
 */
export function ServiceStatus() {
  const { isPending, isError } = useHealth();
  const { tone, text } = isPending ? SERVICE_STATUS.checking : isError ? SERVICE_STATUS.problem : SERVICE_STATUS.up;
  return (
    <p role="status" data-island={SERVICE_STATUS_ISLAND} className={SERVICE_STATUS_LINE}>
      <span aria-hidden="true" className={cn(SERVICE_STATUS_DOT, tone)} />
      {text}
    </p>
  );
}
