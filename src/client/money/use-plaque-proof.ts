/**
 * The plaque as the laser will cut it: GET /api/plaque-proof (a PNG), asked a moment after the
 * typing stops, so each letter does not draw a picture. The picture comes as a data: URL (no object
 * URLs to free). A memorial without a code to engrave is answered 409/422 with a Danish sentence,
 * which is what the form shows.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR, withQuery } from '@/client/lib/request';
import { UNKNOWN_SERVER_ERROR } from '@/shared/errors';

const TYPING_PAUSE_MS = 500;

export interface ProofRequest {
  product: string;
  memorialId: string;
  lines: string[];
}

/** The value once it has stood still for a moment. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const proofPath = ({ product, memorialId, lines }: ProofRequest) => {
  const path = withQuery('/api/plaque-proof', { product, memorialId });
  return lines.reduce((at, line) => `${at}&line=${encodeURIComponent(line)}`, path);
};

async function fetchProof(path: string, signal: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', signal, headers: { accept: 'image/png, application/json' } });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(typeof body?.message === 'string' ? body.message : UNKNOWN_SERVER_ERROR, response.status);
  }
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError(UNKNOWN_SERVER_ERROR, response.status));
    reader.readAsDataURL(blob);
  });
}

export function usePlaqueProof(request: ProofRequest | null) {
  const path = request ? proofPath(request) : '';
  const settled = useSettled(path);
  return {
    query: useQuery({
      queryKey: ['plaque-proof', settled],
      queryFn: ({ signal }) => fetchProof(settled, signal),
      enabled: settled !== '',
      placeholderData: keepPreviousData,
      staleTime: Infinity,
      // A refusal is the answer (no code to engrave); only a dropped connection is worth a second try.
      retry: (failures, error) => !(error instanceof ApiError && error.status > 0) && failures < 1,
    }),
    /** Typed but not drawn yet, or being drawn. */
    drawing: path !== settled,
  };
}
