// Error and success toasts (spec §8: landing, scanner, licence and change-password failures): a tiny
// store any code can push to, and one <Toasts/> outlet mounted at the root.

import { useSyncExternalStore } from 'react';

export type Toast = { id: number; kind: 'error' | 'success' | 'info'; text: string };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showToast(kind: Toast['kind'], text: string, ms = 8000): void {
  const toast = { id: nextId++, kind, text };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), ms);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toasts() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="toasts" aria-live="polite">
      {list.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`toast toast-${toast.kind}`}
          onClick={() => dismissToast(toast.id)}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
