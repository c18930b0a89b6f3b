import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import { type InlineMemorial, unpackMemorial } from '@/shared/inline-memorial';
import { MEMORIAL_DATA_ELEMENT_ID, type Memorial } from '@/shared/memorials';

export const memorialKey = (idOrSlug: string) => ['memorial', idOrSlug.toLowerCase()] as const;

/**
 * The memorial the server wrote into the page (src/server/memorials/page-head.ts, packed as in
 * shared/inline-memorial.ts), when it is the one asked for: the first paint needs no request.
 * Read once; later visits in the app fetch.
 */
let inline: Memorial | null | undefined;
function inlineMemorial(idOrSlug: string): Memorial | undefined {
  if (inline === undefined) {
    try {
      const written = JSON.parse(document.getElementById(MEMORIAL_DATA_ELEMENT_ID)?.textContent ?? 'null') as InlineMemorial | null;
      inline = written && unpackMemorial(written);
    } catch {
      inline = null;
    }
  }
  const key = idOrSlug.toLowerCase();
  return inline && (inline.id === key || inline.slug === key) ? inline : undefined;
}

export function useMemorial(idOrSlug: string) {
  return useQuery({
    queryKey: memorialKey(idOrSlug),
    // No address, nothing to ask for (the wizard before its memorial exists).
    enabled: idOrSlug !== '',
    queryFn: ({ signal }) => apiRequest<Memorial>('GET', `/api/memorials/${encodeURIComponent(idOrSlug)}`, { signal }),
    initialData: () => inlineMemorial(idOrSlug),
    // Written by the server a moment ago: fresh enough not to fetch again at once.
    initialDataUpdatedAt: () => (inlineMemorial(idOrSlug) ? Date.now() : undefined),
    staleTime: 60_000,
    // A missing or private memorial will not appear by asking again; a dropped connection might.
    retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
  });
}
