/**
 * /admin/qr: find any code, typed, pasted with hyphens or scanned with a USB scanner (which types
 * the code and Enter), and see its card. What was searched lives in the address (?code=), so a
 * link or a phone's scan of it opens the code, and back goes to the code before. A package's
 * label read here opens the package.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { readFloorScan } from '@/shared/production';
import { AdminLayout } from '../AdminLayout';
import { ScannerField } from '../scanning/FloorScanner';
import { CodeResult } from './CodeResult';

export default function CodeSearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const searched = params.get('code')?.trim() ?? '';

  const search = (text: string) => {
    const scan = readFloorScan(text);
    if (scan?.kind === 'package') return void navigate(`/admin/qr-packages/${scan.id}`);
    setParams({ code: text });
  };

  return (
    <AdminLayout title="QR-koder" description="Find en kode, og se dens tilstand, pakke, forhandler, familie og hele forløb.">
      <div className="max-w-2xl">
        <ScannerField onScan={search} label="Find en QR-kode" hint="Skriv koden (med eller uden bindestreg), indsæt den, eller scan den med USB-scanneren, og tryk Enter." />
      </div>
      <div className="mt-8">
        {searched ? (
          <CodeResult key={searched} input={searched} />
        ) : (
          <p className="rounded-lg border border-dashed border-border px-5 py-10 text-center text-muted-foreground">
            Skriv eller scan en kode for at se den her.
          </p>
        )}
      </div>
    </AdminLayout>
  );
}
