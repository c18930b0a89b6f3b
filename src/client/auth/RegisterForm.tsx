/**
 * The registration form shared by /register (the QR code comes from the link) and the hidden
 * registration page (the code is typed). The rules are registerBody's from src/shared/auth.ts, the
 * same the server checks; "Gentag adgangskode" is checked only here.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { registerBody, type LoginResponse, type RegisterBody } from '@/shared/auth';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, apiRequest, errorMessage, timestamp } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { passwordsMatch, repeatedPassword } from './repeated-password';
import { EMAIL_FIELD, NEW_USERNAME_FIELD } from '@/client/lib/field-props';
import { invalidateAccount, storeSignedInUser } from '@/client/lib/use-user';

const registerForm = registerBody.extend(repeatedPassword).refine(...passwordsMatch);
type RegisterFormInput = z.input<typeof registerForm>;
type RegisterFormOutput = z.output<typeof registerForm>;
type FieldName = keyof RegisterFormInput;
const fieldNames: FieldName[] = ['fullName', 'username', 'email', 'password', 'repeatPassword', 'qrCode'];

interface RegisterFormProps {
  /** The code from the link; without it the form has a field to type the code. */
  qrCode?: string;
}

export function RegisterForm({ qrCode }: RegisterFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [codeProblem, setCodeProblem] = useState<string | null>(null);

  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerForm),
    defaultValues: { fullName: '', username: '', email: '', password: '', repeatPassword: '', qrCode: qrCode ?? '' },
  });
  const { errors } = form.formState;

  const register = useMutation({
    mutationFn: ({ repeatPassword: _repeat, ...body }: RegisterFormOutput) =>
      apiRequest<LoginResponse>('POST', '/api/register', { params: timestamp(), body: body satisfies RegisterBody }),
    onSuccess: (response, values) => {
      storeSignedInUser(queryClient, response);
      void invalidateAccount(queryClient);
      toast({
        title: 'Registrering succesfuldt',
        description: `Velkommen til Mindested, ${response.fullName}. Din QR-kode er nu tilknyttet din konto.`,
      });
      navigate(`/qr-scan/${values.qrCode}`, { replace: true });
    },
    onError: (error) => {
      setCodeProblem(null);
      if (error instanceof ApiError && error.status === 409 && error.duplicates?.length) {
        error.duplicates.forEach((field, index) => form.setError(field, { message: error.message }, { shouldFocus: index === 0 }));
        return;
      }
      toast({ variant: 'destructive', title: 'Registrering fejlede', description: errorMessage(error) });
      const field = error instanceof ApiError ? (error.field as FieldName | undefined) : undefined;
      if (field === 'qrCode' && qrCode) setCodeProblem(error.message);
      else if (field && fieldNames.includes(field)) form.setError(field, { message: error.message }, { shouldFocus: true });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))} className="space-y-6">
      {codeProblem ? (
        <Notice tone="problem" title="QR-koden kan ikke bruges">
          <p role="alert">{codeProblem}</p>
        </Notice>
      ) : null}
      {qrCode ? null : (
        <TextField
          label="QR-kode"
          hint="De 10 tegn under QR-symbolet, fx 7K3QM-XR8D2."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputClassName="code-text uppercase"
          error={errors.qrCode?.message}
          {...form.register('qrCode')}
        />
      )}
      <TextField label="Fulde navn" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
      <TextField {...NEW_USERNAME_FIELD} error={errors.username?.message} {...form.register('username')} />
      <TextField {...EMAIL_FIELD} error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Adgangskode"
        hint="Mindst 6 tegn."
        type="password"
        autoComplete="new-password"
        revealable
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Gentag adgangskode"
        type="password"
        autoComplete="new-password"
        revealable
        error={errors.repeatPassword?.message}
        {...form.register('repeatPassword')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Opretter konto...' : 'Opret konto'}
      </Button>
    </form>
  );
}
