/**
 * The packing table's calls (shared/production.ts) and what the page keeps between them: the day's
 * list per direction (read once, then kept up to date from each answer, so a scan costs one
 * request), the resellers to send to, and the choice of direction and reseller, which stays for the
 * tab's life (sessionStorage): a reload in the middle of a box must not send codes elsewhere, and a
 * new tab, or the next day, asks again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { apiRequest, errorMessage } from '@/client/lib/request';
import {
  WAREHOUSE_DIRECTIONS,
  WAREHOUSE_RECENT_SCANS,
  type WarehouseDirection,
  type WarehouseResellers,
  type WarehouseScanResponse,
  type WarehouseScansResponse,
  type WarehouseUndoResponse,
} from '@/shared/production';

const SCANS = '/api/admin/warehouse/scans';
const RESELLERS = '/api/admin/warehouse/resellers';

export const scansKey = (direction: WarehouseDirection) => [SCANS, direction] as const;

export function useScansToday(direction: WarehouseDirection) {
  return useQuery({
    queryKey: scansKey(direction),
    queryFn: ({ signal }) => apiRequest<WarehouseScansResponse>('GET', SCANS, { signal, params: { direction } }),
    staleTime: Infinity,
  });
}

export function useWarehouseResellers() {
  return useQuery({
    queryKey: [RESELLERS],
    queryFn: ({ signal }) => apiRequest<WarehouseResellers>('GET', RESELLERS, { signal }),
    staleTime: 5 * 60_000,
  });
}

export interface Choice {
  direction: WarehouseDirection;
  resellerId: string;
}

const CHOICE_KEY = 'mindested-warehouse-choice';

function readChoice(): Choice {
  try {
    const saved = JSON.parse(sessionStorage.getItem(CHOICE_KEY) ?? 'null') as Partial<Choice> | null;
    if (saved && (WAREHOUSE_DIRECTIONS as readonly unknown[]).includes(saved.direction) && typeof saved.resellerId === 'string') {
      return { direction: saved.direction!, resellerId: saved.resellerId };
    }
  } catch {
    // Storage refused or garbled: start from "in".
  }
  return { direction: 'in', resellerId: '' };
}

/** In or out, and to whom: kept in the tab's sessionStorage. */
export function useStickyChoice() {
  const [choice, setChoice] = useState<Choice>(readChoice);
  const change = useCallback((next: Partial<Choice>) => {
    setChoice((current) => {
      const merged = { ...current, ...next };
      try {
        sessionStorage.setItem(CHOICE_KEY, JSON.stringify(merged));
      } catch {
        // A private window may refuse storage: the choice then lasts until the page is left.
      }
      return merged;
    });
  }, []);
  return [choice, change] as const;
}

const SOUND_KEY = 'mindested-warehouse-sound';

/** Sound on or off: the device's setting (localStorage), as a packing table's tablet keeps it. */
export function useSoundSetting() {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(SOUND_KEY) !== 'off';
    } catch {
      return true;
    }
  });
  const change = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    } catch {
      // Kept for this page only.
    }
  }, []);
  return [on, change] as const;
}

/** What the page shows after a scan or an undo: the server's Danish words and how they ended. */
export type Feedback =
  | { kind: 'scan'; outcome: WarehouseScanResponse['outcome']; message: string; serial: number }
  | { kind: 'undo'; message: string; serial: number }
  | { kind: 'error'; message: string; serial: number };

interface Handlers {
  /** Told of each answer; keep it stable (useCallback): scans queued earlier call the one given then. */
  onFeedback: (feedback: Feedback) => void;
}

/**
 * Scans sent one after another in the order they were read (a scanner can fire faster than the
 * server answers; none is dropped and none overtakes another), and the undo of the last. Each
 * answer updates the day's list of its direction; the other direction's list is read again when
 * it is next shown (what may be undone is shared by both).
 */
export function useWarehouseActions({ onFeedback }: Handlers) {
  const queryClient = useQueryClient();
  const queue = useRef<Promise<void>>(Promise.resolve());
  const serial = useRef(0);
  const [waiting, setWaiting] = useState(0);

  const settle = (direction: WarehouseDirection, update: (list: WarehouseScansResponse) => WarehouseScansResponse) => {
    queryClient.setQueryData<WarehouseScansResponse>(scansKey(direction), (list) => (list ? update(list) : list));
    for (const other of WAREHOUSE_DIRECTIONS) if (other !== direction) void queryClient.invalidateQueries({ queryKey: scansKey(other) });
  };

  const enqueue = (work: () => Promise<void>) => {
    setWaiting((n) => n + 1);
    queue.current = queue.current.then(work).finally(() => setWaiting((n) => n - 1));
  };

  const scan = (input: string, choice: Choice) =>
    enqueue(async () => {
      try {
        const body = { input, direction: choice.direction, ...(choice.direction === 'out' ? { resellerId: choice.resellerId } : {}) };
        const answer = await apiRequest<WarehouseScanResponse>('POST', SCANS, { body });
        const { count, ...scanned } = answer;
        settle(answer.direction, (list) => ({
          scans: [scanned, ...list.scans.filter((s) => s.id !== scanned.id)].slice(0, WAREHOUSE_RECENT_SCANS),
          count,
          undoable: scanned.outcome === 'accepted' ? scanned : list.undoable,
        }));
        onFeedback({ kind: 'scan', outcome: answer.outcome, message: answer.message, serial: ++serial.current });
      } catch (error) {
        onFeedback({ kind: 'error', message: `Scanningen blev ikke gemt: ${errorMessage(error)} Scan igen.`, serial: ++serial.current });
      }
    });

  const undo = (id: number) =>
    enqueue(async () => {
      try {
        const answer = await apiRequest<WarehouseUndoResponse>('POST', `${SCANS}/${id}/undo`);
        settle(answer.scan.direction, (list) => ({
          scans: list.scans.map((s) => (s.id === answer.scan.id ? answer.scan : s)),
          count: answer.count,
          undoable: null,
        }));
        onFeedback({ kind: 'undo', message: answer.message, serial: ++serial.current });
      } catch (error) {
        // Refused (moved meanwhile, not the last): the lists are read again to show how things stand.
        for (const direction of WAREHOUSE_DIRECTIONS) void queryClient.invalidateQueries({ queryKey: scansKey(direction) });
        onFeedback({ kind: 'error', message: errorMessage(error), serial: ++serial.current });
      }
    });

  return { scan, undo, waiting };
}
