import { useState } from 'react';
import { KeyRound, Wallet } from 'lucide-react';
import { API_SCOPES, CREDIT_PACKS_PENCE, type ApiScope, type CreatedApiKey, type CreditCheckoutResponse } from '@shared/api-v1.schema';
import { formatPence } from '@shared/money';
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
import { ApiError } from '@client/lib/api';
import { startCreditCheckout, useApiKeys, useConfirmSandboxCredit, useCreateApiKey, useCredit, useRevokeApiKey } from './api/api-keys';

const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

/** Why buying credit failed, as the server said it, or "Please try again." */
const failureText = (err: unknown) => (err instanceof ApiError ? (err.serverMessage ?? 'Please try again.') : 'Please try again.');

function NewKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['orders:read', 'orders:write']);
  const [expires, setExpires] = useState('');
  const create = useCreateApiKey();
  return (
    <CreateForm
      mutation={create}
      variables={() => ({ name, scopes, expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null })}
      label="Create key"
      busyLabel="Creating..."
      ready={name.trim() !== '' && scopes.length > 0}
      onCreated={(key) => {
        setName('');
        onCreated(key);
      }}
    >
      {(error) => (
        <>
          <FormField label="Key name" error={error}>
            {(p) => <Input {...p} value={name} maxLength={100} placeholder="e.g. Production pipeline" onChange={(e) => setName(e.target.value)} />}
          </FormField>
          <CheckboxGroup legend="Scopes" options={API_SCOPES} value={scopes} onChange={setScopes} />
          <FormField label="Expires (optional)">
            {(p) => <Input {...p} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />}
          </FormField>
        </>
      )}
    </CreateForm>
  );
}

function CreditSection() {
  const credit = useCredit();
  const organisation = credit.data?.organisation;
  const confirm = useConfirmSandboxCredit();
  const [checkout, setCheckout] = useState<CreditCheckoutResponse | null>(null);
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [message, setMessage] = useState<string | null>(null);
  const buy = async (amountPence: number) => {
    setMessage(null);
    try {
      setCheckout(await startCreditCheckout(amountPence));
    } catch (err) {
      setMessage(failureText(err));
    }
  };
  return (
    <section aria-labelledby="credit-title" className="flex flex-col gap-3">
      <h3 id="credit-title" className="flex items-center gap-2 font-semibold">
        <Wallet className="h-4 w-4 text-emerald-700" aria-hidden="true" /> Prepaid credit
      </h3>
      <p className="text-sm text-slate-700">
        API orders are paid from credit at the same price as the order form. Balance:{' '}
        <strong data-testid="credit-balance">{credit.data ? formatPence(credit.data.balancePence) : '…'}</strong>
      </p>
      {organisation && (
        // A member's credit is the organisation's (decision 047): shared by every member, bought by its owners.
        <p className="text-sm text-slate-700" data-testid="credit-organisation">
          This is {organisation.name}’s credit, shared by all its members.
          {organisation.canBuy ? '' : ' Only an owner can buy more.'}
        </p>
      )}
      {(!organisation || organisation.canBuy) && (
        <div className="flex flex-wrap gap-2">
          {CREDIT_PACKS_PENCE.map((pence) => (
            <Button key={pence} type="button" variant="outline" onClick={() => void buy(pence)}>
              Buy {formatPence(pence)}
            </Button>
          ))}
        </div>
      )}
      {checkout?.provider === 'stripe' && (
        <p className="text-sm text-slate-700">Card payments for credit are taken by Stripe; complete the payment in the checkout window.</p>
      )}
      {checkout?.provider === 'sandbox' && (
        <form
          noValidate
          className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3"
          aria-label="Pay for credit"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate(
              { clientSecret: checkout.clientSecret, ...card },
              {
                onSuccess: () => {
                  setCheckout(null);
                  setCard({ cardNumber: '', expiry: '', cvc: '' });
                  setMessage('Credit added.');
                },
                onError: (err) => setMessage(failureText(err)),
              },
            );
          }}
        >
          <p className="text-sm sm:col-span-3">
            Pay {formatPence(checkout.amountPence)} (test mode: card 4242 4242 4242 4242).
          </p>
          <FormField label="Card number">
            {(p) => <Input {...p} inputMode="numeric" autoComplete="cc-number" value={card.cardNumber} onChange={(e) => setCard({ ...card, cardNumber: e.target.value })} />}
          </FormField>
          <FormField label="Expiry (MM/YY)">
            {(p) => <Input {...p} autoComplete="cc-exp" value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.target.value })} />}
          </FormField>
          <FormField label="CVC">
            {(p) => <Input {...p} autoComplete="cc-csc" value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} />}
          </FormField>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Paying...' : `Pay ${formatPence(checkout.amountPence)}`}
            </Button>
          </div>
        </form>
      )}
      {message && (
        <p role="status" className="text-sm text-slate-800">
          {message}
        </p>
      )}
    </section>
  );
}

/** Settings → API keys (issue 15): keys with scopes and expiry (shown once), revoke, and the prepaid credit. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <IconCardHeader
        icon={KeyRound}
        title="API keys"
        description={
          <>
            Send drafts from your own pipeline. See the <a className="underline" href="/docs/api">API documentation</a>.
          </>
        }
      />
      <CardContent className="flex flex-col gap-5">
        {created && (
          <SecretShownOnce intro="Copy your new key now. It is shown only once." secret={created.key} testId="new-api-key" onDone={() => setCreated(null)} />
        )}
        <ResourceList label="Your API keys" items={keys.data} isLoading={keys.isLoading} loadingText="Loading keys…" emptyText="No API keys yet.">
          {(key) => (
            <ResourceRow
              title={
                <>
                  {key.name} <code className="text-xs text-slate-600">{key.prefix}…</code>{' '}
                  {key.revokedAt ? <Badge tone="red">Revoked</Badge> : key.expiresAt && new Date(key.expiresAt) < new Date() ? <Badge tone="yellow">Expired</Badge> : <Badge tone="green">Active</Badge>}
                </>
              }
              details={
                <>
                  {/* A colleague's key, in an organisation owner's list (decision 047). */}
                  {key.heldBy ? `Held by ${key.heldBy.name || key.heldBy.email} · ` : ''}
                  {key.scopes.join(', ')} · Last used: {dateText(key.lastUsedAt)}
                  {key.expiresAt ? ` · Expires ${dateText(key.expiresAt)}` : ''}
                </>
              }
              actions={
                !key.revokedAt && (
                  <Button type="button" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(key.id)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                )
              }
            />
          )}
        </ResourceList>
        {adding ? (
          <NewKeyForm
            onCreated={(key) => {
              setCreated(key);
              setAdding(false);
            }}
          />
        ) : (
          <div>
            <Button type="button" onClick={() => setAdding(true)}>
              New API key
            </Button>
          </div>
        )}
        <CreditSection />
      </CardContent>
    </Card>
  );
}
