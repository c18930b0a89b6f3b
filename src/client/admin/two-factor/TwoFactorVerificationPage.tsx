/**
 * /admin/two-factor-verification: the second step of a staff member's login. A code from the app,
 * or one of the recovery codes when the phone is gone; then on to the page they were going to.
 * Someone without two-factor yet is sent to set it up.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { TextField } from '@/client/components/ui/text-field';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { useUser } from '@/client/lib/use-user';
import { AdminLayout } from '../AdminLayout';
import { twoFactorStatusKey, useTwoFactorStatus } from '../use-two-factor-status';
import { APP_CODE_PATTERN, AppCodeField, compactCode } from './CodeField';
import { destinationAfterTwoFactor } from './destination';

export default function TwoFactorVerificationPage() {
  const status = useTwoFactorStatus(true);
  const { user } = useUser();
  const location = useLocation();
  const destination = destinationAfterTwoFactor(user?.role ?? 'user', location.state);

  let content;
  if (status.isPending || status.error) content = <QueryStatus query={status} pending="Henter..." failed="Siden kunne ikke hentes" compact />;
  else if (!status.data.isSetUp) return <Navigate to="/admin/two-factor-setup" replace state={location.state} />;
  else if (status.data.isVerified) return <Navigate to={destination} replace />;
  else content = <VerificationForm destination={destination} />;

  return (
    <AdminLayout title="Bekræft, at det er dig" description="Skriv koden fra godkendelses-appen på din telefon.">
      <Card className="max-w-xl">
        <div className="relative px-5 py-7 sm:px-9 sm:py-9">{content}</div>
      </Card>
    </AdminLayout>
  );
}

function VerificationForm({ destination }: { destination: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  const verify = useMutation({
    mutationFn: (typed: string) => apiRequest<null>('POST', '/api/admin/two-factor-verification', { body: { code: typed } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
      navigate(destination, { replace: true });
    },
    onError: (error) => setFieldError(errorMessage(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = useRecovery ? code.trim() : compactCode(code);
    if (useRecovery ? typed === '' : !APP_CODE_PATTERN.test(typed)) {
      setFieldError(useRecovery ? 'Skriv en af dine gendannelseskoder.' : 'Skriv de 6 cifre, appen viser.');
      return;
    }
    setFieldError(undefined);
    verify.mutate(typed);
  }

  function switchMode() {
    setUseRecovery((value) => !value);
    setCode('');
    setFieldError(undefined);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {useRecovery ? (
        <TextField
          key="recovery"
          label="Gendannelseskode"
          hint="En af de 10 koder, du gemte, da du satte totrinsbekræftelse op, fx ABCD-EFGH-JK. Hver kode virker én gang."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          inputClassName="font-mono text-lg tracking-wider"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
        />
      ) : (
        <AppCodeField key="app" autoFocus value={code} onChange={(event) => setCode(event.target.value)} error={fieldError} />
      )}
      <div className="flex flex-col items-start gap-3">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={verify.isPending}>
          {verify.isPending ? 'Bekræfter...' : 'Bekræft'}
        </Button>
        <Button variant="link" onClick={switchMode}>
          {useRecovery ? 'Brug koden fra appen i stedet' : 'Brug en gendannelseskode i stedet'}
        </Button>
      </div>
      {useRecovery ? null : (
        <p className="text-sm text-muted-foreground">Har du mistet både telefonen og gendannelseskoderne, så bed en administrator om at nulstille din totrinsbekræftelse.</p>
      )}
    </form>
  );
}
