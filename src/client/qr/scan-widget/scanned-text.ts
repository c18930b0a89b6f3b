/**
 * Where a decoded QR text leads, before the server has said whether it is ours
 * (docs/decisions/0016-scan-widget-navigation.md):
 * - one of our codes, bare or in one of our links (`{BASE_URL}/qr/{code}`, /qr-scan/{code}, …, on
 *   any host): /qr-scan/{code}, which sends a linked code on to its memorial and an unclaimed one
 *   to activation;
 * - a link containing /memorial/{id}: that memorial (SPEC.md §4);
 * - anything else: nowhere.
 */
import { codeFromInput } from '@/shared/qr-code';

export type ScanTarget = { kind: 'code'; code: string; path: string } | { kind: 'memorial'; id: string; path: string };

/** The server's limit on a memorial's id or address (memorialIdParams). */
const MEMORIAL_ID_MAX = 120;

export function scanTarget(text: string): ScanTarget | null {
  const code = codeFromInput(text);
  if (code) return { kind: 'code', code, path: `/qr-scan/${code}` };
  const id = memorialIdIn(text);
  if (id) return { kind: 'memorial', id, path: `/memorial/${encodeURIComponent(id)}` };
  return null;
}

/** The path segment after /memorial/, decoded; null when there is none that could be an id. */
function memorialIdIn(text: string): string | null {
  const match = /\/memorial\/([^/?#\s]+)/i.exec(text.trim());
  if (!match) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return null; // a broken %-escape
  }
  // /memorial/qr/{code} with a code that does not read is a damaged code of ours, not a memorial called "qr".
  if (id.toLowerCase() === 'qr' || id.length > MEMORIAL_ID_MAX) return null;
  return id;
}
