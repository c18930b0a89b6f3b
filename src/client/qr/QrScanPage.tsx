/**
 * /qr-scan/{code}: where a scanned stone leads (PRODUCT.md "Scanning"). The server decides for the
 * person holding the phone (GET /api/qr-codes/{code}/scan): a linked code opens its memorial, my
 * own unlinked code goes on to set-up, a free code is offered for activation (an account now, a
 * login, or a link by e-mail), someone else's code and an invalid one are explained. Every dead
 * end says what it is and where to go.
 */
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { KeyRound, Mail, UserPlus } from 'lucide-react';
import { CardPage } from '@/client/components/layout/CardPage';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { usePageTitle } from '@/client/lib/page-title';
import { formatCode } from '@/shared/qr-code';
import { useScan } from './use-scan';

/** Long Danish labels on a narrow phone wrap inside the button instead of running past the card. */
const WRAPS = 'whitespace-normal! py-3 text-center';

export default function QrScanPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const scan = useScan(code);
  const result = scan.data;
  usePageTitle(result?.next === 'invalid' ? 'Ugyldig QR-kode' : 'QR-kode');

  // The stone's memorial: this address is left behind, so "back" does not bounce the visitor forward.
  useEffect(() => {
    if (result?.next === 'memorial') void navigate(result.path, { replace: true });
  }, [result, navigate]);

  if (!result || result.next === 'memorial') {
    return (
      <PageShell>
        <QueryStatus
          query={result ? { ...scan, isPending: true } : scan}
          pending="Åbner QR-koden..."
          refusals={{ 404: { title: 'Ugyldig QR-kode', text: 'Denne QR-kode tilhører ikke vores system.', action: <Link to="/qr-info">Skriv koden selv</Link> } }}
          failed="QR-koden kunne ikke åbnes"
        />
      </PageShell>
    );
  }
  if (result.next === 'setup') return <Navigate to={`/qr-setup/${result.code}`} replace />;

  return (
    <PageShell>
      {result.next === 'activate' ? (
        <CardPage title="Koden er klar til brug" lead={<p>Koden {formatCode(result.code)} er endnu ikke taget i brug. Knyt den til jeres konto, så kan I lave mindesiden, som stenen skal åbne.</p>}>
          <div className="grid gap-3">
            <Button asChild size="lg" className={WRAPS}>
              <Link to={`/register?qrCode=${result.code}`}>
                <UserPlus aria-hidden="true" />
                Opret konto med koden
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary" className={WRAPS}>
              <Link to={`/qr-scan/${result.code}/login`}>
                <KeyRound aria-hidden="true" />
                Jeg har allerede en konto
              </Link>
            </Button>
            <Button asChild size="lg" variant="quiet" className={WRAPS}>
              <Link to={`/qr-email-register?qrCode=${result.code}`}>
                <Mail aria-hidden="true" />
                Få et link på e-mail
              </Link>
            </Button>
          </div>
        </CardPage>
      ) : result.next === 'taken' ? (
        <CardPage title="Koden er i brug" lead={<p>Koden {formatCode(result.code)} er låst til en anden konto og åbner endnu ikke en mindeside.</p>}>
          <p className="text-center">Er det jeres sten, så log ind med den konto, koden blev låst til. Kan I ikke komme videre, hjælper vi gerne.</p>
          <div className="mt-6 grid gap-3">
            <Button asChild size="lg" variant="secondary" className={WRAPS}>
              <Link to={`/qr-scan/${result.code}/login`}>Log ind</Link>
            </Button>
            <Button asChild size="lg" variant="quiet" className={WRAPS}>
              <Link to="/contact">Skriv til os</Link>
            </Button>
          </div>
        </CardPage>
      ) : (
        <CardPage title="Ugyldig QR-kode" lead={<p>Denne QR-kode tilhører ikke vores system.</p>}>
          <p className="text-center">Står der en kode på 10 tegn under QR-koden, kan du skrive den selv. Tjek, at alle tegn er med.</p>
          <div className="mt-6 grid gap-3">
            <Button asChild size="lg" variant="secondary" className={WRAPS}>
              <Link to="/qr-info">Skriv koden selv</Link>
            </Button>
          </div>
        </CardPage>
      )}
    </PageShell>
  );
}
