import { sandboxCardSchema, type SandboxCardInput } from '@shared/payment.schema';

/** Groups of four digits as the customer types: "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return onlyDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" as the customer types. */
export function formatExpiry(value: string): string {
  const digits = onlyDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export type CardFieldErrors = Partial<Record<keyof SandboxCardInput, string>>;

/** The shared card rules (the server applies the same ones), as one message per field. */
export function checkCardFields(fields: SandboxCardInput): CardFieldErrors {
  const result = sandboxCardSchema.safeParse(fields);
  if (result.success) return {};
  const errors: CardFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof SandboxCardInput;
    errors[key] ??= issue.message;
  }
  return errors;
}
