/**
 * The guided wizard's draft in the browser's local storage: which memorial it is building, the
 * step, and what has been typed but not yet sent. Written as the person types, so a reload, a
 * dropped connection or a closed tab loses nothing; what was sent lives on the server.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemorialPrivacy, TimelineEvent } from '@/shared/memorials';

export interface WizardFields {
  name: string;
  epitaph: string;
  birthDate: string;
  deathDate: string;
  birthPlace: string;
  deathPlace: string;
  cemetery: string;
  lifeStory: string;
  timeline: TimelineEvent[];
  privacy: MemorialPrivacy;
}

export interface GuidedDraft {
  /** The account it belongs to: another person at the same browser starts afresh. */
  userId: string;
  /** Set once the first step is sent and the memorial exists. */
  memorialId: string | null;
  step: number;
  /** Fields typed since the last step was sent (they win over the server's copy). */
  fields: Partial<WizardFields>;
}

const KEY = 'mindested:guided-memorial';

export function readDraft(userId: string): GuidedDraft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(KEY) ?? 'null') as GuidedDraft | null;
    return draft && draft.userId === userId && typeof draft.step === 'number' ? draft : null;
  } catch {
    return null;
  }
}

function clearDraft() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage switched off: there is nothing to clear.
  }
}

/**
 * The draft as state, written to storage shortly after each change (and at once on leaving).
 * `finish` removes it for good: the wizard stays on screen while the memorial page loads, and a
 * write still waiting from the last keystroke must not bring the finished draft back.
 */
export function useDraft(userId: string) {
  const [draft, setDraft] = useState<GuidedDraft>(() => readDraft(userId) ?? { userId, memorialId: null, step: 0, fields: {} });
  const finished = useRef(false);
  useEffect(() => {
    const write = () => {
      if (finished.current) return;
      try {
        localStorage.setItem(KEY, JSON.stringify(draft));
      } catch {
        // Private browsing with storage switched off: the server still has every sent step.
      }
    };
    const timer = setTimeout(write, 300);
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [draft]);

  const update = useCallback((patch: Partial<GuidedDraft>) => setDraft((current) => ({ ...current, ...patch })), []);
  const type = useCallback((fields: Partial<WizardFields>) => setDraft((current) => ({ ...current, fields: { ...current.fields, ...fields } })), []);
  const finish = useCallback(() => {
    finished.current = true;
    clearDraft();
  }, []);
  return { draft, update, type, finish };
}
