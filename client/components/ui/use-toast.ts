import { useSyncExternalStore } from 'react';

/** Spec section 9: one notice visible at a time, 5000 ms by default. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

/** Shows a notice, replacing the one on screen. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number): void {
  emit(items.filter((t) => t.id !== id));
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => items,
  );
}

/** The notices on screen now (newest first). */
export function visibleToasts(): readonly ToastItem[] {
  return items;
}
