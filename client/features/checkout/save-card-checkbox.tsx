import { useId } from 'react';
import { SAVED_CARD_MESSAGES } from '@shared/saved-cards.schema';

/**
 * "Save this card" under a card form (decision 045): ticked, a later order can be paid in one click. The label is
 * the three words alone; what is kept is its description.
 */
export function SaveCardCheckbox({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        className="accent-accent mt-0.5 h-4 w-4 shrink-0 cursor-pointer"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hintId}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="cursor-pointer font-medium text-slate-900">
          {SAVED_CARD_MESSAGES.saveLabel}
        </label>
        <p id={hintId} className="text-slate-600">
          {SAVED_CARD_MESSAGES.saveHint}
        </p>
      </div>
    </div>
  );
}
