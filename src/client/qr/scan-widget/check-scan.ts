/**
 * Asks the server whether a decoded text is ours before the app goes anywhere (SPEC.md §4, §7;
 * docs/decisions/0016-scan-widget-navigation.md). A code, one of our links and any other text go
 * to POST /api/qr-codes/validate, which reads codes and our links the same way (codeFromInput); a
 * /memorial/{id} link, which that call does not know, counts when the memorial can be opened
 * (GET /api/memorials/{id}). A refused request, or none at all, counts as not ours.
 */
import { apiRequest } from '@/client/lib/request';
import type { validateQrResponse } from '@/shared/qr';
import type { z } from 'zod';
import { scanTarget } from './scanned-text';

/** The address to open, or null when the text is not one of ours. An abort is passed on. */
export async function checkScan(text: string, signal?: AbortSignal): Promise<string | null> {
  const target = scanTarget(text);
  try {
    if (target?.kind === 'memorial') {
      await apiRequest('GET', `/api/memorials/${encodeURIComponent(target.id)}`, { signal });
      return target.path;
    }
    const { valid } = await apiRequest<z.infer<typeof validateQrResponse>>('POST', '/api/qr-codes/validate', { body: { code: text }, signal });
    return valid && target ? target.path : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
