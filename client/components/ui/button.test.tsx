import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button } from './button';

afterEach(cleanup);

function Saving({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  return (
    <form onSubmit={(e) => { e.preventDefault(); onClick(); }}>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('stays focusable when it becomes disabled under focus, and ignores presses until it is enabled again', () => {
    const submitted = vi.fn();
    const { rerender } = render(<Saving pending={false} onClick={submitted} />);
    const button = screen.getByRole('button', { name: 'Save' });
    act(() => button.focus());
    fireEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);

    rerender(<Saving pending onClick={submitted} />);
    const saving = screen.getByRole('button', { name: 'Saving...' });
    expect(saving.hasAttribute('disabled')).toBe(false);
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(saving);
    fireEvent.click(saving);
    expect(submitted).toHaveBeenCalledTimes(1);

    rerender(<Saving pending={false} onClick={submitted} />);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledTimes(2);
  });

  it('is natively disabled when it does not have focus', () => {
    const clicked = vi.fn();
    render(<Button disabled onClick={clicked}>Claim</Button>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Claim' });
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(clicked).not.toHaveBeenCalled();
  });

  it('becomes natively disabled once focus leaves it', () => {
    const { rerender } = render(<Button disabled={false}>Sign out other devices</Button>);
    const fresh = screen.getByRole<HTMLButtonElement>('button');
    act(() => fresh.focus());
    rerender(<Button disabled>Sign out other devices</Button>);
    expect(fresh.getAttribute('aria-disabled')).toBe('true');
    act(() => fresh.blur());
    expect(fresh.disabled).toBe(true);
    expect(fresh.hasAttribute('aria-disabled')).toBe(false);
  });
});
