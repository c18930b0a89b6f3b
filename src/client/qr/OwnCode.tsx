/**
 * The pages that set up the person's own code (/qr-setup, /qr-linking) show themselves only for
 * it: while the answer comes, a calm line; an unknown code, "Ugyldig QR-kode"; a code that is not
 * theirs to set up goes to /qr-scan/{code}, which says why.
 */
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { useScan } from './use-scan';

export function OwnCode({ code, children }: { code: string; children: (own: string) => ReactNode }) {
  const scan = useScan(code);
  if (!scan.data) {
    return (
      <PageShell>
        <QueryStatus
          query={scan}
          pending="Henter QR-koden..."
          refusals={{ 404: { title: 'Ugyldig QR-kode', text: 'Denne QR-kode tilhører ikke vores system.', action: <Link to="/qr-info">Skriv koden selv</Link> } }}
          failed="QR-koden kunne ikke hentes"
        />
      </PageShell>
    );
  }
  if (scan.data.next !== 'setup') return <Navigate to={`/qr-scan/${encodeURIComponent(code)}`} replace />;
  return <PageShell>{children(scan.data.code)}</PageShell>;
}
