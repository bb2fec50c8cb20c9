// A small toast store: one toast at a time, shown 5000 ms, kept 1,000,000 ms after dismissal.
import { useSyncExternalStore, type ReactNode } from 'react';
import { TIMING } from '#shared/constants.ts';

export interface ToastData {
  id: number;
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive' | 'success';
  open: boolean;
}

type Listener = () => void;
let toasts: ToastData[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastData[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: number) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id);
          emit(toasts.filter((x) => x.id !== t.id));
        }, TIMING.toastRemoveDelayMs),
      );
    }
  }
}

export function toast(input: Omit<ToastData, 'id' | 'open'>): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TIMING.toastLimit));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const none: ToastData[] = [];

export function useToasts(): ToastData[] {
  return useSyncExternalStore(subscribe, () => toasts, () => none);
}

/** Whether any toast was shown in this page yet (never while the server renders). */
export function useAnyToastShown(): boolean {
  return useSyncExternalStore(subscribe, () => nextId > 1, () => false);
}
