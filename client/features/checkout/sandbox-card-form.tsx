import { useState, type FormEvent, type ReactNode } from 'react';
import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { SANDBOX_CARDS } from '@shared/payment.schema';
import { ApiError } from '@client/lib/api';
import { useConfirmSandboxPayment } from './api/confirm-sandbox-payment';
import { checkCardFields, formatCardNumber, formatExpiry, onlyDigits, type CardFieldErrors } from './card-format';
import { usePaymentSucceeded } from './payment-outcome';
import { SaveCardCheckbox } from './save-card-checkbox';
import { useRefreshSavedCards } from '@client/features/saved-cards';

export const TEST_CARDS = [
  { number: formatCardNumber(SANDBOX_CARDS.success), outcome: 'succeeds' },
  { number: formatCardNumber(SANDBOX_CARDS.declined), outcome: 'is declined' },
  { number: formatCardNumber(SANDBOX_CARDS.insufficientFunds), outcome: 'fails with insufficient funds' },
] as const;

type CardFields = { cardNumber: string; expiry: string; cvc: string };

/** One of the card form's inputs: its label, browser autofill, hint and how what is typed is tidied. */
interface CardFieldSpec {
  key: keyof CardFields;
  label: string;
  autoComplete: string;
  placeholder: string;
  className: string;
  maxLength?: number;
  format: (typed: string) => string;
}

const CARD_NUMBER: CardFieldSpec = {
  key: 'cardNumber',
  label: 'Card number',
  autoComplete: 'cc-number',
  placeholder: '1234 1234 1234 1234',
  className: 'pl-10 font-mono',
  format: formatCardNumber,
};
const EXPIRY: CardFieldSpec = { key: 'expiry', label: 'Expiry', autoComplete: 'cc-exp', placeholder: 'MM / YY', className: 'font-mono', format: formatExpiry };
const CVC: CardFieldSpec = {
  key: 'cvc',
  label: 'CVC',
  autoComplete: 'cc-csc',
  placeholder: '123',
  className: 'font-mono',
  maxLength: 4,
  format: (typed) => onlyDigits(typed).slice(0, 4),
};

/** The built-in test-mode card form (decision 006, sandbox card answers): the server decides the outcome. */
export function SandboxCardForm({ clientSecret, payLabel }: { clientSecret: string; payLabel: string }) {
  const [fields, setFields] = useState<CardFields>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const onPaid = usePaymentSucceeded();
  const refreshSavedCards = useRefreshSavedCards();

  const confirm = useConfirmSandboxPayment();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const found = checkCardFields(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    // mutateAsync, not mutate's callbacks: the live update of the order now paid can replace the checkout (and this
    // form) before the answer is handled, and a callback of an unmounted mutate never runs.
    confirm
      .mutateAsync({ clientSecret, cardNumber: onlyDigits(fields.cardNumber), expiry: fields.expiry.replace(/\s+/g, ''), cvc: fields.cvc, saveCard })
      .then(
        () => {
          if (saveCard) void refreshSavedCards();
          void onPaid();
        },
        // The "Payment Failed" notice is the data layer's; the form keeps the reason beside the button.
        (error: unknown) => setFailure((error instanceof ApiError ? error.serverMessage : undefined) ?? null),
      );
  };

  const set = (key: keyof typeof fields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const field = (spec: CardFieldSpec, wrap: (input: ReactNode) => ReactNode = (input) => input) => (
    <FormField label={spec.label} error={errors[spec.key]}>
      {(p) =>
        wrap(
          <Input
            {...p}
            inputMode="numeric"
            autoComplete={spec.autoComplete}
            placeholder={spec.placeholder}
            maxLength={spec.maxLength}
            className={spec.className}
            value={fields[spec.key]}
            onChange={(e) => set(spec.key, spec.format(e.target.value))}
          />,
        )
      }
    </FormField>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Card payment (test mode)">
      <div className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="text-sm">
          <p className="flex items-center gap-2 font-semibold">
            Test mode <Badge tone="yellow">No real card is charged</Badge>
          </p>
          <p className="mt-1">Use one of these test cards with any future expiry date and any CVC:</p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <span className="font-mono">{card.number}</span> {card.outcome}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {failure ? (
        <FormAlert>{failure}</FormAlert>
      ) : null}
      {field(CARD_NUMBER, (input) => (
        <div className="relative">
          {input}
          <CreditCard className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        </div>
      ))}
      <div className="grid grid-cols-2 gap-4">
        {field(EXPIRY)}
        {field(CVC)}
      </div>
      <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} disabled={confirm.isPending} />
      <Button type="submit" variant="accent" size="lg" className="w-full" disabled={confirm.isPending}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {confirm.isPending ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
