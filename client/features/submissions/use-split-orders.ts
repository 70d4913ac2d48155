import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import type { TextPart } from '@shared/split-text';
import { sendSplitOrders } from './api/split-orders';
import type { SubmissionForm, SubmissionFormOutput, SubmissionFormValues } from './form-model';

/**
 * "Create N orders" over the limit (decision 069): each part is checked by the form's own schema with the other
 * fields as typed (an error shows in the form's summary, as on submit), then the parts are sent as orders.
 */
export function useSplitOrders({
  form,
  resolver,
  parts,
  fileName,
  draftId,
  navigate,
  onInvalid,
}: {
  form: SubmissionForm;
  resolver: Resolver<SubmissionFormValues, unknown, SubmissionFormOutput>;
  parts: readonly TextPart[];
  fileName: string | undefined;
  draftId: string;
  navigate: (to: string) => void;
  onInvalid: () => void;
}): { splitting: boolean; onSplit: () => void } {
  const [splitting, setSplitting] = useState(false);
  const split = async () => {
    const values = form.getValues();
    const payloads: SubmissionFormOutput[] = [];
    for (const part of parts) {
      const result = await resolver({ ...values, content: part.text }, undefined, { fields: {}, shouldUseNativeValidation: false });
      const errors = Object.entries(result.errors) as [keyof SubmissionFormValues, { type?: string; message?: string }][];
      if (errors.length > 0) {
        for (const [name, error] of errors) form.setError(name, { type: error.type ?? 'invalid', message: error.message ?? '' });
        onInvalid();
        return;
      }
      payloads.push(result.values as SubmissionFormOutput);
    }
    setSplitting(true);
    try {
      await sendSplitOrders(
        payloads.map((payload) => ({ ...payload, ...(fileName ? { fileName } : {}) })),
        draftId,
        navigate,
      );
    } catch {
      // Said in a notice; the form keeps the text.
    } finally {
      setSplitting(false);
    }
  };
  return {
    splitting,
    onSplit: () => {
      if (!splitting) void split();
    },
  };
}
