/**
 * A change to the tree and its undo. Each change says what happened in a toast with "Fortryd",
 * and the last one also stays undoable on the page (LastChange.tsx) until the next: a toast
 * closes after a few seconds, which is short for someone who reads slowly. The undo is a call of
 * its own (a removed person is restored, an added one removed, old values written back), so it
 * works after the page was left and opened again, too.
 */
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/client/lib/request';
import { dismissToast, toast } from '@/client/lib/toast';
import { refreshTree } from './api';

export interface Undo {
  /** What was done, in the past tense: "Anna Hansen er tilføjet". */
  done: string;
  /** What undoing it says: "Anna Hansen er fjernet igen". */
  undone: string;
  run: () => Promise<unknown>;
}

/** The last change's undo, per memorial, for LastChange.tsx. */
let last: (Undo & { memorial: string; toastId: string }) | null = null;
const listeners = new Set<() => void>();
const setLast = (next: typeof last) => {
  last = next;
  for (const listener of listeners) listener();
};

export function useLastChange(memorial: string) {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => last,
    () => null,
  );
  return current && current.memorial === memorial ? current : null;
}

/** Undoes the last change: the toast's and the page's "Fortryd" both come here. */
export async function undoLast(queryClient: QueryClient): Promise<void> {
  const change = last;
  if (!change) return;
  setLast(null);
  dismissToast(change.toastId);
  try {
    await change.run();
    toast({ title: change.undone, description: 'Ændringen er fortrudt.' });
  } catch (error) {
    toast({ variant: 'destructive', title: 'Ændringen kunne ikke fortrydes', description: errorMessage(error) });
  } finally {
    await refreshTree(queryClient, change.memorial);
  }
}

/**
 * Runs a change, asks the tree again, and says so with "Fortryd" when it can be undone. Returns
 * the call's answer, or undefined when it failed (the toast has said why, in the server's words).
 */
export async function runChange<T>(
  queryClient: QueryClient,
  memorial: string,
  change: { call: () => Promise<T>; done: string; undo?: (answer: T) => Omit<Undo, 'done'> },
): Promise<T | undefined> {
  let answer: T;
  try {
    answer = await change.call();
  } catch (error) {
    toast({ variant: 'destructive', title: 'Ændringen blev ikke gemt', description: errorMessage(error) });
    return undefined;
  }
  await refreshTree(queryClient, memorial);
  const undo = change.undo?.(answer);
  if (!undo) {
    setLast(null);
    toast({ title: change.done });
    return answer;
  }
  const shown = toast({
    title: change.done,
    // Long enough to find the button; Radix holds it while a finger or the mouse is on it.
    duration: 12_000,
    action: { label: 'Fortryd', altText: 'Knappen "Fortryd sidste ændring" står også øverst på siden.', onClick: () => void undoLast(queryClient) },
  });
  setLast({ ...undo, done: change.done, memorial, toastId: shown.id });
  return answer;
}
