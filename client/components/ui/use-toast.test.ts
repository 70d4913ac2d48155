import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT, dismissToast, toast, useToasts } from './use-toast';

describe('toasts', () => {
  it('shows one notice at a time: a new one replaces the old', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'newer' });
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'Second', description: 'newer' });
    act(() => dismissToast(result.current[0]!.id));
    expect(result.current).toHaveLength(0);
  });

  it('lasts 5000 ms by default', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
