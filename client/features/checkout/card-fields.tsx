import { useState, type ReactNode } from 'react';
import { CreditCard } from 'lucide-react';
import type { SandboxCardInput } from '@shared/payment.schema';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { checkCardFields, formatCardNumber, formatExpiry, onlyDigits, type CardFieldErrors } from './card-format';

/** One of the card form's inputs: its label, browser autofill, hint and how what is typed is tidied. */
interface CardFieldSpec {
  key: keyof SandboxCardInput;
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

/**
 * The test-mode card's fields (the sandbox checkout and the sandbox "Add card"): what is typed, each field's error
 * (cleared as it is edited), and `checked()`, the card as the API takes it, or null with the errors shown.
 */
export function useCardFields() {
  const [fields, setFields] = useState<SandboxCardInput>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const set = (key: keyof SandboxCardInput, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const checked = (): SandboxCardInput | null => {
    const found = checkCardFields(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    return { cardNumber: onlyDigits(fields.cardNumber), expiry: fields.expiry.replace(/\s+/g, ''), cvc: fields.cvc };
  };
  return { fields, errors, set, checked };
}

/** The card number (with a card icon), then expiry and CVC side by side. */
export function CardFields({ card }: { card: ReturnType<typeof useCardFields> }) {
  const field = (spec: CardFieldSpec, wrap: (input: ReactNode) => ReactNode = (input) => input) => (
    <FormField label={spec.label} error={card.errors[spec.key]}>
      {(p) =>
        wrap(
          <Input
            {...p}
            inputMode="numeric"
            autoComplete={spec.autoComplete}
            placeholder={spec.placeholder}
            maxLength={spec.maxLength}
            className={spec.className}
            value={card.fields[spec.key]}
            onChange={(e) => card.set(spec.key, spec.format(e.target.value))}
          />,
        )
      }
    </FormField>
  );
  return (
    <>
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
    </>
  );
}
