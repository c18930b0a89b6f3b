/**
 * The application of a funeral home or stone dealer. The rules are resellerApplicationBody's from
 * src/shared/resellers-api.ts, the same the server checks, so a wrong CVR number is told at the
 * field (8 digits, or a number that fails modulus 11) before anything is sent; what only the
 * server knows (a CVR number already applied with, an e-mail address with an account) comes back
 * under the field it is about. What is typed is kept in the tab (application-draft.ts), so reading
 * the terms on the way loses nothing.
 */
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import type { User } from '@/shared/auth';
import { RESELLER_KINDS, RESELLER_KIND_LABELS, type ResellerKind } from '@/shared/resellers';
import {
  RESELLER_TERMS_VERSION,
  resellerApplicationBody,
  resellerMessages,
  type ResellerApplicationBody,
  type ResellerSelf,
} from '@/shared/resellers-api';
import { Button } from '@/client/components/ui/button';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { HoneypotField } from '@/client/components/ui/honeypot-field';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { cn } from '@/client/lib/cn';
import { EMAIL_FIELD } from '@/client/lib/field-props';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { type ApplicationDraft, clearDraft, readDraft, saveDraft } from './application-draft';

/**
 * The shared rules, with the two fields a form holds differently: "no kind chosen yet" is '' and
 * the terms' box is unticked (false) until it is ticked. Both answer with the shared messages.
 */
const applicationForm = resellerApplicationBody.omit({ termsVersion: true, partner: true }).extend({
  kind: z.string().pipe(z.enum(RESELLER_KINDS, resellerMessages.kind)),
  acceptTerms: z.boolean().refine(Boolean, resellerMessages.terms),
});
type FormInput = z.input<typeof applicationForm>;
type FormOutput = z.output<typeof applicationForm>;
type FieldName = keyof ApplicationDraft;
const FIELDS: readonly FieldName[] = ['companyName', 'cvr', 'kind', 'contactName', 'email', 'phone', 'address', 'postcode', 'town', 'acceptTerms'];
const isField = (value: string | undefined): value is FieldName => FIELDS.includes(value as FieldName);

const KIND_HINTS: Record<ResellerKind, string> = {
  funeral_home: 'I hjælper familier med begravelse og bisættelse.',
  stone_dealer: 'I laver, sælger eller sætter gravsten.',
  other: 'Fx en kirkegård, et blomsterhus eller en anden, der møder familierne.',
};
const KIND_CHOICES = RESELLER_KINDS.map((kind) => ({ value: kind, title: RESELLER_KIND_LABELS[kind], description: KIND_HINTS[kind] }));

const linkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

export interface ApplicationResult {
  message: string;
  reseller: ResellerSelf | null;
}

interface ApplicationFormProps {
  /** The signed-in applicant: their name is suggested and their account's e-mail is used. */
  user: User | null;
  /** The referral code of an approved reseller, sent along (an unknown one is left out). */
  partner: string | undefined;
  onSent: (result: ApplicationResult) => void;
}

export function ApplicationForm({ user, partner, onSent }: ApplicationFormProps) {
  const [draft] = useState(readDraft);
  const [problem, setProblem] = useState<{ message: string; dashboard: boolean } | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(applicationForm),
    defaultValues: {
      ...draft,
      contactName: draft.contactName || user?.fullName || '',
      // The server uses the account's address for a signed-in applicant; the form shows which.
      email: user ? user.email : draft.email,
      website: '',
    },
  });
  const { errors } = form.formState;

  // Every change is kept for this tab, so a visit to the terms (or a reload) loses nothing.
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values: { website: _robot, ...values } }) => saveDraft({ ...draft, ...values, kind: values.kind as ApplicationDraft['kind'] }),
      }),
    [subscribe, draft],
  );

  const send = useMutation({
    mutationFn: (values: FormOutput) => {
      const body: ResellerApplicationBody = { ...values, kind: values.kind, acceptTerms: true, termsVersion: RESELLER_TERMS_VERSION, ...(partner ? { partner } : {}) };
      return apiRequest<ApplicationResult>('POST', '/api/resellers/applications', { body });
    },
    onSuccess: (result) => {
      clearDraft();
      onSent(result);
    },
    onError: (error) => {
      setProblem(null);
      // A 409 may name the taken field as `field` or, as registration does, in `duplicates`.
      const field = error instanceof ApiError ? (error.field ?? error.duplicates?.[0]) : undefined;
      if (error instanceof ApiError && (error.status === 400 || error.status === 409) && isField(field)) {
        // Terms changed while the form was open: the box is unticked, to be ticked again after reading them.
        if (field === 'acceptTerms') form.setValue('acceptTerms', false);
        form.setError(field, { message: error.message }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.status === 409) {
        setProblem({ message: error.message, dashboard: Boolean(user) });
        return;
      }
      toast({ variant: 'destructive', title: 'Ansøgningen blev ikke sendt', description: errorMessage(error) });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="space-y-10">
      <fieldset className="space-y-6">
        <legend className="mb-6 font-serif text-2xl">Virksomheden</legend>
        <TextField label="Virksomhedens navn" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
        <TextField
          label="CVR-nummer"
          hint="8 cifre, fx 12 34 56 78."
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          inputClassName="tabular-nums sm:max-w-60"
          error={errors.cvr?.message}
          {...form.register('cvr')}
        />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            // The cards are radio buttons; this holder takes the focus when none is chosen.
            <div ref={field.ref} tabIndex={-1} className="outline-none">
              <ChoiceCards legend="Hvilken slags virksomhed er I?" choices={KIND_CHOICES} value={field.value as ResellerKind} onChange={field.onChange} />
              {errors.kind?.message ? <FieldProblem>{errors.kind.message}</FieldProblem> : null}
            </div>
          )}
        />
        <TextField label="Adresse" autoComplete="street-address" error={errors.address?.message} {...form.register('address')} />
        <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
          <TextField
            label="Postnummer"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            inputClassName="tabular-nums"
            error={errors.postcode?.message}
            {...form.register('postcode')}
          />
          <TextField label="By" autoComplete="address-level2" error={errors.town?.message} {...form.register('town')} />
        </div>
      </fieldset>

      <fieldset className="space-y-6">
        <legend className="mb-6 font-serif text-2xl">Kontaktperson</legend>
        <TextField label="Navn" autoComplete="name" error={errors.contactName?.message} {...form.register('contactName')} />
        <TextField
          {...EMAIL_FIELD}
          readOnly={Boolean(user)}
          hint={user ? 'Vi bruger e-mailadressen fra din konto.' : 'Hertil sender vi svaret på ansøgningen.'}
          inputClassName={user ? 'bg-muted text-muted-foreground' : undefined}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField label="Telefon" type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
      </fieldset>

      <HoneypotField id="reseller-website" {...form.register('website')} />

      <div className="space-y-2">
        <label
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-lg border bg-card px-4 py-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
            errors.acceptTerms ? 'border-destructive' : 'border-input/70',
          )}
        >
          <input
            type="checkbox"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? 'reseller-terms-error' : undefined}
            className="mt-0.5 size-6 shrink-0 cursor-pointer accent-primary focus-visible:outline-none"
            {...form.register('acceptTerms')}
          />
          <span>
            Jeg har læst og accepterer{' '}
            <Link to="/reseller-terms" className={linkClass}>
              forhandlervilkårene
            </Link>
          </span>
        </label>
        {errors.acceptTerms?.message ? <FieldProblem id="reseller-terms-error">{errors.acceptTerms.message}</FieldProblem> : null}
      </div>

      {problem ? (
        <Notice tone="problem" title="Ansøgningen kan ikke sendes">
          <p role="alert">{problem.message}</p>
          <p className="mt-2">
            {problem.dashboard ? (
              <Link to="/reseller-dashboard" className={linkClass}>
                Gå til forhandlersiden
              </Link>
            ) : (
              <Link to="/contact" className={linkClass}>
                Skriv til os
              </Link>
            )}
          </p>
        </Notice>
      ) : null}

      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sender ansøgning...' : 'Send ansøgning'}
      </Button>
    </form>
  );
}

/** A message under a field that is not a TextField, said the same way. */
function FieldProblem({ id, children }: { id?: string; children: string }) {
  return (
    <p id={id} role="alert" className="mt-2 flex items-start gap-2 text-sm font-medium text-destructive">
      <span aria-hidden="true" className="mt-[0.45em] inline-block size-1.5 shrink-0 rounded-full bg-destructive" />
      {children}
    </p>
  );
}
