/**
 * /admin/two-factor-setup: put Mindested in an authenticator app (QR code, or the key typed by
 * hand), confirm with the first code, then keep the recovery codes shown once. A staff member who
 * already has two-factor sees that it is on and may move it to a new phone; that needs a session
 * that has passed it (the server insists too).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Notice } from '@/client/components/ui/notice';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { useUser } from '@/client/lib/use-user';
import type { TwoFactorSetup } from '@/shared/staff';
import { AdminLayout } from '../AdminLayout';
import { twoFactorStatusKey, useTwoFactorStatus } from '../use-two-factor-status';
import { APP_CODE_PATTERN, AppCodeField, compactCode } from './CodeField';
import { RecoveryCodes } from './RecoveryCodes';
import { destinationAfterTwoFactor } from './destination';

export default function TwoFactorSetupPage() {
  const status = useTwoFactorStatus(true);
  const { user } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [replacing, setReplacing] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let content;
  // The codes come first: confirming changes the status underneath them, and they are shown only once.
  if (recoveryCodes) {
    content = <RecoveryCodes codes={recoveryCodes} onDone={() => navigate(destinationAfterTwoFactor(user?.role ?? 'user', location.state), { replace: true })} />;
  } else if (status.isPending || status.error) {
    content = <QueryStatus query={status} pending="Henter..." failed="Siden kunne ikke hentes" compact />;
  } else if (status.data.isSetUp && !status.data.isVerified) {
    content = (
      <Notice title="Du har allerede totrinsbekræftelse">
        <p>Bekræft først, at det er dig, med en kode fra appen. Derefter kan du flytte totrinsbekræftelsen til en ny telefon her.</p>
        <Button asChild className="mt-4">
          <Link to="/admin/two-factor-verification" state={location.state}>
            Bekræft med en kode
          </Link>
        </Button>
      </Notice>
    );
  } else if (status.data.isSetUp && !replacing) {
    content = (
      <div className="space-y-4">
        <p className="flex items-center gap-3 text-lg font-semibold">
          <ShieldCheck className="size-6 text-gold-text" aria-hidden="true" />
          Totrinsbekræftelse er slået til.
        </p>
        <p className="text-muted-foreground">
          Har du fået en ny telefon, kan du flytte totrinsbekræftelsen til den. Den gamle app og dine gamle gendannelseskoder holder op med at virke, når
          den nye er bekræftet.
        </p>
        <Button variant="secondary" onClick={() => setReplacing(true)}>
          Opsæt på en ny telefon
        </Button>
      </div>
    );
  } else {
    content = (
      <SetUpSteps
        replacing={status.data.isSetUp}
        onCancel={status.data.isSetUp ? () => setReplacing(false) : undefined}
        onConfirmed={setRecoveryCodes}
      />
    );
  }

  return (
    <AdminLayout title="Totrinsbekræftelse" description="Ud over adgangskoden skal du bekræfte med en kode fra en app på din telefon, når du logger ind i bagkontoret.">
      <Card className="max-w-3xl">
        <div className="relative px-5 py-7 sm:px-9 sm:py-9">{content}</div>
      </Card>
    </AdminLayout>
  );
}

interface SetUpStepsProps {
  replacing: boolean;
  onCancel?: () => void;
  onConfirmed: (codes: string[]) => void;
}

function SetUpSteps({ replacing, onCancel, onConfirmed }: SetUpStepsProps) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  // Starting a set-up stores nothing (the server seals the new key into setupToken), so asking
  // again, as a reload does, only draws a new key.
  const setup = useQuery({
    queryKey: ['/api/admin/two-factor-setup', attempt],
    queryFn: () => apiRequest<TwoFactorSetup>('POST', '/api/admin/two-factor-setup'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const confirm = useMutation({
    mutationFn: (typed: string) => apiRequest<{ recoveryCodes: string[] }>('POST', '/api/admin/two-factor-setup/confirm', { body: { setupToken: setup.data!.setupToken, code: typed } }),
    onSuccess: async ({ recoveryCodes }) => {
      onConfirmed(recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
    },
    onError: (error) => setFieldError(errorMessage(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = compactCode(code);
    if (!APP_CODE_PATTERN.test(typed)) {
      setFieldError('Skriv de 6 cifre, appen viser.');
      return;
    }
    setFieldError(undefined);
    confirm.mutate(typed);
  }

  if (setup.isPending || setup.error) return <QueryStatus query={setup} pending="Laver en ny nøgle..." failed="Opsætningen kunne ikke startes" compact />;
  const { qrSvg, secret } = setup.data;

  return (
    <div className="space-y-8">
      {replacing ? <Notice>Din nuværende app virker, indtil den nye er bekræftet nedenfor.</Notice> : null}
      <ol className="space-y-8">
        <li>
          <h2 className="text-xl">1. Hent en godkendelses-app</h2>
          <p className="mt-2 text-muted-foreground">Fx Microsoft Authenticator, Google Authenticator eller den, din adgangskodeboks har indbygget.</p>
        </li>
        <li>
          <h2 className="text-xl">2. Skan QR-koden med appen</h2>
          <div className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-start">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
              alt="QR-kode, der lægger Mindested ind i din godkendelses-app"
              width={200}
              height={200}
              className="size-50 shrink-0 rounded-lg border border-border bg-white"
            />
            <div className="min-w-0 space-y-2">
              <p className="text-muted-foreground">Kan du ikke skanne, så vælg at skrive nøglen i appen, og skriv:</p>
              <p className="font-mono text-lg tracking-wider break-all select-all">
                {secret.match(/.{1,4}/g)?.join(' ')}
              </p>
              <p className="text-sm text-muted-foreground">Vælg &quot;tidsbaseret&quot;, hvis appen spørger. Mellemrummene er kun for at gøre den lettere at læse.</p>
            </div>
          </div>
        </li>
        <li>
          <h2 className="text-xl">3. Skriv koden, appen viser</h2>
          <form noValidate onSubmit={submit} className="mt-4 max-w-sm space-y-4">
            <AppCodeField value={code} onChange={(event) => setCode(event.target.value)} error={fieldError} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? 'Bekræfter...' : 'Bekræft'}
              </Button>
              <Button variant="quiet" onClick={() => (setCode(''), setFieldError(undefined), setAttempt((n) => n + 1))}>
                Ny QR-kode
              </Button>
              {onCancel ? (
                <Button variant="quiet" onClick={onCancel}>
                  Fortryd
                </Button>
              ) : null}
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
