import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@shared/domain/limits';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';

/**
 * The shadcn/ui toast store with the product's toast constants (shared/domain/limits.ts): one toast visible at
 * a time, and a dismissed toast kept in memory for 1000000 ms (the Radix exit animation runs meanwhile).
 */
export { TOAST_LIMIT };
export const TOAST_REMOVE_DELAY = TOAST_REMOVE_DELAY_MS;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactNode;
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: ToastItem[]) => void;

let count = 0;
let memory: ToastItem[] = [];
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  memory = next;
  for (const listener of listeners) listener(memory);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    emit(memory.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY);
  removeTimers.set(id, timer);
}

export function dismissToast(id?: string): void {
  for (const t of memory) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(memory.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  const item: ToastItem = { ...input, id, open: true };
  emit([item, ...memory].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => emit(memory.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

/** The toasts currently kept (open or closing); for the Toaster and tests. */
export function currentToasts(): readonly ToastItem[] {
  return memory;
}

export function useToast() {
  const [toasts, setToasts] = useState<ToastItem[]>(memory);
  useEffect(() => {
    listeners.add(setToasts);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return { toasts, toast, dismiss: dismissToast };
}
