import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Textarea } from '@client/components/ui/input';

/** What a review form had not saved when a conflict's Reload replaced it. */
export interface UnsavedReview {
  text: string;
  notes: string;
}

/**
 * After a conflict's Reload (ReviewForm's onReload): a fresh form on the latest order (`formKey`, the ReviewForm's
 * key) and the text the old form had not saved (`kept`, shown by KeptText until dismissed). Kept by the dialog or
 * page around the form, so it outlives the form.
 */
export function useKeptText() {
  const [formKey, setFormKey] = useState(0);
  const [kept, setKept] = useState<UnsavedReview | null>(null);
  return {
    formKey,
    kept,
    keep: (unsaved: UnsavedReview) => {
      setKept(unsaved);
      setFormKey((k) => k + 1);
    },
    dismiss: () => setKept(null),
  };
}

/** Shown above the reloaded ReviewForm: the reviewer's unsaved text (and notes, with `showNotes`), to copy from. */
export function KeptText({ kept, onDismiss, showNotes = false }: { kept: UnsavedReview | null; onDismiss: () => void; showNotes?: boolean }) {
  if (!kept) return null;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3" data-testid="kept-text">
      <p className="text-sm text-amber-900">The form now shows the latest saved draft. Your unsaved text is kept here: copy what you need.</p>
      <Textarea readOnly rows={6} value={kept.text} aria-label="Your unsaved text" className="bg-white" />
      {showNotes && kept.notes ? <Textarea readOnly rows={2} value={kept.notes} aria-label="Your unsaved notes" className="bg-white" /> : null}
      <div>
        <Button type="button" size="sm" variant="outline" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
