/**
 * /register and /qr-register (SPEC.md §2): an account is made only with a QR code, given in the
 * link as ?qrCode=. Without one the person is told so and sent to /qr-info; with a code that cannot
 * be right (a typo, a cut-off link) they are told that and offered to type it again.
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QrCode } from 'lucide-react';
import { formatCode, isWellFormedCode, normalizeCode } from '@/shared/qr-code';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { CardPage } from '@/client/components/layout/CardPage';
import { FullScreenLoader } from '@/client/components/layout/FullScreenLoader';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { toast } from '@/client/lib/toast';
import { RegisterForm } from './RegisterForm';

export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('qrCode')?.trim() ?? '';
  if (raw === '') return <RegisterOnlyWithCode />;
  if (!isWellFormedCode(raw)) return <MalformedCode raw={raw} />;
  return <RegisterWithCode code={normalizeCode(raw)!} />;
}

function RegisterOnlyWithCode() {
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast({
      variant: 'info',
      title: 'Registrering kun med QR-kode',
      description: 'Du opretter en konto med QR-koden fra mindestenen. Her kan du læse, hvordan du gør.',
    });
    navigate('/qr-info', { replace: true });
  }, [navigate]);
  return <FullScreenLoader />;
}

function RegisterWithCode({ code }: { code: string }) {
  usePageTitle('Opret konto');
  return (
    <PageShell>
      <CardPage
        title="Opret din konto"
        lead={<p>Med QR-koden fra mindestenen opretter du en konto. Koden bliver tilknyttet din konto med det samme.</p>}
        after={
          <p className="text-base text-muted-foreground">
            Har du allerede en konto?{' '}
            <Link
              to={`/login?qrCode=${code}`}
              className="font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text"
            >
              Log ind
            </Link>
          </p>
        }
      >
        <div className="mb-8 flex flex-col items-center gap-1 rounded-lg border border-gold/40 bg-gold-soft/50 px-4 py-4 text-center">
          <span className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
            <QrCode className="size-5 text-gold" aria-hidden="true" />
            Din QR-kode
          </span>
          <span className="code-text text-2xl">{formatCode(code)}</span>
        </div>
        <RegisterForm qrCode={code} />
      </CardPage>
    </PageShell>
  );
}

function MalformedCode({ raw }: { raw: string }) {
  usePageTitle('QR-koden er ikke gyldig');
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return (
    <PageShell>
      <CardPage title="QR-koden er ikke gyldig">
        <Notice tone="problem">
          <p>
            Koden <span className="code-text break-all">{shown}</span> i linket er ikke en gyldig QR-kode fra
            Mindested. Måske mangler der et tegn, eller et tegn er skrevet forkert.
          </p>
        </Notice>
        <p className="mt-6 text-muted-foreground">
          Scan QR-koden på stenen igen, eller skriv koden selv. Den står med 10 tegn under QR-symbolet.
        </p>
        <Button asChild size="lg" className="mt-8 w-full">
          <Link to="/qr-info">Skriv koden igen</Link>
        </Button>
      </CardPage>
    </PageShell>
  );
}
