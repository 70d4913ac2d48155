/**
 * The label an error summary shows before a message (issue 45: never "Required / Required"): the field's label
 * without its "(optional)", or nothing when the message already names the field. Apart from error-summary.tsx so the
 * islands (no React) name their fields the same way.
 */
export function summaryLabel(label: string, message: string): string | null {
  const plain = label.replace(/\s*\(optional\)\s*$/i, '').trim();
  if (!plain) return null;
  return message.toLowerCase().includes(plain.toLowerCase()) ? null : plain;
}

