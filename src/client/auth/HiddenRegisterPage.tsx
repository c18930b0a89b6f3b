/**
 * /hidden-register-72391 (SPEC.md §2): registration where the QR code is typed in the form, for
 * staff helping a family on the phone. Not linked anywhere and not indexed; the server still
 * requires a valid, unclaimed code.
 */
import { Link } from 'react-router';
import { CardPage } from '@/client/components/layout/CardPage';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { RegisterForm } from './RegisterForm';

export default function HiddenRegisterPage() {
  usePageTitle('Opret konto');
  return (
    <PageShell>
      <meta name="robots" content="noindex, nofollow" />
      <CardPage
        title="Opret konto"
        lead={<p>Skriv QR-koden, og udfyld oplysningerne. Koden bliver tilknyttet den nye konto.</p>}
        after={
          <p className="text-base text-muted-foreground">
            Har du allerede en konto?{' '}
            <Link to="/login" className="font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text">
              Log ind
            </Link>
          </p>
        }
      >
        <RegisterForm />
      </CardPage>
    </PageShell>
  );
}
