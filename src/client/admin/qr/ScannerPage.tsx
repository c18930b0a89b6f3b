/**
 * /admin/qr-scanner: the camera and a USB scanner look a code up the moment it is read, and its card
 * shows (the same card as /admin/qr). A package's label opens the package; anything else is refused
 * by what was read. Scanning the same code again reads it afresh.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { readFloorScan } from '@/shared/production';
import { AdminLayout } from '../AdminLayout';
import { FloorScanner } from '../scanning/FloorScanner';
import { CodeResult } from './CodeResult';

export default function ScannerPage() {
  const navigate = useNavigate();
  // Each scan is its own look-up, also of the code shown already: the card is read again.
  const [scan, setScan] = useState<{ text: string; n: number } | null>(null);

  const scanned = (text: string) => {
    const read = readFloorScan(text);
    if (read?.kind === 'package') return void navigate(`/admin/qr-packages/${read.id}`);
    setScan((last) => ({ text, n: (last?.n ?? 0) + 1 }));
  };

  return (
    <AdminLayout title="Scanner" description="Scan en QR-kode med kameraet eller USB-scanneren for at slå den op. En pakkes etiket åbner pakken.">
      <FloorScanner onScan={scanned} label="Scan en kode" />
      <div className="mt-8">
        {scan ? (
          <CodeResult key={scan.n} input={scan.text} />
        ) : (
          <p className="rounded-lg border border-dashed border-border px-5 py-10 text-center text-muted-foreground">Den scannede kode vises her.</p>
        )}
      </div>
    </AdminLayout>
  );
}
