import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

/** A confirmation whose action stays pending until the test settles it. */
function Harness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [close, setClose] = useState<(() => void) | null>(null);
  return (
    <>
      <ConfirmDialog
        trigger={<Button>Remove</Button>}
        title="Remove Visa •••• 4242?"
        description="You can save it again the next time you pay."
        error={error}
        confirmLabel="Remove card"
        busyLabel="Removing..."
        pending={pending}
        onOpenChange={onOpenChange}
        onConfirm={(done) => {
          setPending(true);
          setClose(() => done);
        }}
      />
      <button type="button" onClick={() => (setPending(false), setError('The card could not be removed.'))}>
        fail
      </button>
      <button type="button" onClick={() => (setPending(false), close?.())}>
        succeed
      </button>
    </>
  );
}

const escape = (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape' });
/** Disabled, natively or (a focused button, which keeps its focus) with aria-disabled. */
const unusable = (button: HTMLElement) => (button as HTMLButtonElement).disabled || button.getAttribute('aria-disabled') === 'true';

describe('ConfirmDialog', () => {
  it('says what happens, then Cancel before the destructive action; Cancel has the focus', async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Visa •••• 4242?', description: 'You can save it again the next time you pay.' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Remove card']);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(onOpenChange).toHaveBeenLastCalledWith(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('cannot be closed while the action runs; shows a failure and stays; closes on success', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(unusable(within(dialog).getByRole('button', { name: 'Removing...' }))).toBe(true);
    expect(unusable(within(dialog).getByRole('button', { name: 'Cancel' }))).toBe(true);
    escape(dialog);
    expect(screen.getByRole('dialog')).toBe(dialog);

    fireEvent.click(screen.getByRole('button', { name: 'fail', hidden: true }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The card could not be removed.');
    expect(screen.getByRole('dialog')).toBe(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    fireEvent.click(screen.getByRole('button', { name: 'succeed', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
