import { useState } from 'react';
import { Webhook } from 'lucide-react';
import { WEBHOOK_EVENTS, type CreatedWebhookEndpoint, type WebhookEndpoint, type WebhookEvent } from '@shared/api-v1.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { SecretShownOnce } from '@client/components/ui/secret-shown-once';
import { Card, CardContent } from '@client/components/ui/card';
import { CheckboxGroup } from '@client/components/ui/checkbox-group';
import { CreateForm } from '@client/components/ui/create-form';
import { FormField } from '@client/components/ui/form-field';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Input } from '@client/components/ui/input';
import { ResourceList, ResourceRow } from '@client/components/ui/resource-list';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendDelivery,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from './api/webhooks';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery(endpoint.id);
  if (deliveries.isLoading) return <p className="text-sm text-slate-600">Loading deliveries…</p>;
  if (!deliveries.data || deliveries.data.length === 0) return <p className="text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <table className="w-full text-left text-sm" aria-label={`Delivery log of ${endpoint.url}`}>
      <thead>
        <tr className="text-slate-600">
          <th className="py-1 pr-2 font-medium">Event</th>
          <th className="py-1 pr-2 font-medium">Status</th>
          <th className="py-1 pr-2 font-medium">Attempts</th>
          <th className="py-1 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((d) => (
          <tr key={d.id} className="border-t border-slate-100 align-top">
            <td className="py-2 pr-2">
              <code>{d.eventType}</code>
              <div className="text-xs text-slate-500">{when(d.createdAt)}</div>
            </td>
            <td className="py-2 pr-2">
              <Badge tone={d.status === 'delivered' ? 'green' : d.status === 'failed' ? 'red' : 'yellow'}>{d.status}</Badge>
              {d.nextAttemptAt && <div className="text-xs text-slate-500">Next try {when(d.nextAttemptAt)}</div>}
            </td>
            <td className="py-2 pr-2">
              <ul>
                {d.attempts.map((a) => (
                  <li key={a.attemptedAt} className="text-xs">
                    {when(a.attemptedAt)}: {a.statusCode ?? '—'} {a.error ? `(${a.error})` : ''} {a.durationMs} ms
                  </li>
                ))}
              </ul>
            </td>
            <td className="py-2">
              <Button type="button" variant="outline" disabled={!endpoint.enabled || resend.isPending} onClick={() => resend.mutate(d.id)}>
                Resend
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  return (
    <ResourceRow
      titleClassName="break-all"
      title={
        <>
          {endpoint.url} {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
        </>
      }
      details={
        <>
          {endpoint.events.join(', ')}
          {endpoint.disabledReason ? ` · ${endpoint.disabledReason}` : ''}
        </>
      }
      actions={
        <>
          <Button type="button" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button type="button" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate(endpoint.id)} aria-label={`Delete ${endpoint.url}`}>
            Delete
          </Button>
        </>
      }
    >
      {open && <DeliveryLog endpoint={endpoint} />}
    </ResourceRow>
  );
}

/** Settings → Webhooks (issue 15): HTTPS endpoints, their signing secret (shown once) and delivery log. */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  return (
    <Card>
      <IconCardHeader
        icon={Webhook}
        title="Webhooks"
        description={
          <>
            We POST signed events to your HTTPS endpoints. <a className="underline" href="/docs/api">How to verify the signature</a>.
          </>
        }
      />
      <CardContent className="flex flex-col gap-5">
        {created && (
          <SecretShownOnce
            intro={`Signing secret for ${created.url}. Copy it now: it is shown only once.`}
            secret={created.secret}
            testId="webhook-secret"
            onDone={() => setCreated(null)}
          />
        )}
        <ResourceList
          label="Your webhook endpoints"
          items={endpoints.data}
          isLoading={endpoints.isLoading}
          loadingText="Loading endpoints…"
          emptyText="No webhook endpoints yet."
        >
          {(endpoint) => <EndpointRow endpoint={endpoint} />}
        </ResourceList>
        <CreateForm
          mutation={create}
          variables={() => ({ url, events })}
          label="Add endpoint"
          busyLabel="Adding..."
          ready={url.trim() !== '' && events.length > 0}
          onCreated={(endpoint) => {
            setUrl('');
            setCreated(endpoint);
          }}
        >
          {(error) => (
            <>
              <FormField label="Endpoint URL" error={error}>
                {(p) => <Input {...p} type="url" placeholder="https://example.com/humanproof" value={url} onChange={(e) => setUrl(e.target.value)} />}
              </FormField>
              <CheckboxGroup legend="Events" options={WEBHOOK_EVENTS} value={events} onChange={setEvents} />
            </>
          )}
        </CreateForm>
      </CardContent>
    </Card>
  );
}
