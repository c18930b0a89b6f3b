/**
 * The greeting in three steps, on one page: a portrait from the memorial's gallery (radio cards, so
 * arrow keys move between the photos and a screen reader says which is chosen), the message that
 * stands under it, and the family's word that they may use the likeness and know what AI does with
 * it. The rules are the server's schema (shared/ai-api.ts); its Danish sentence lands on the field
 * it names, anything else above the button.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Sparkles } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { cn } from '@/client/lib/cn';
import { ApiError, errorMessage } from '@/client/lib/request';
import { AI_MESSAGES, GREETING_MESSAGE_MAX } from '@/shared/ai';
import { type AiOverview, greetingBody } from '@/shared/ai-api';
import type { AiCalls } from './api';
import { triesLeftText } from './words';

const schema = z.object({
  portraitMediaId: z.string().min(1, AI_MESSAGES.portraitMissing),
  message: greetingBody.shape.message,
  likenessConsent: z.boolean().refine((given) => given, AI_MESSAGES.consentMissing),
});
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;
const FIELDS = ['portraitMediaId', 'message', 'likenessConsent'] as const;

const STEP = 'font-serif text-2xl';

interface GreetingFormProps {
  overview: AiOverview;
  orderId: string;
  triesLeft: number;
  calls: AiCalls;
  /** From the try before, when the family tries again. */
  start?: { portraitMediaId: string | null; message: string | null };
  onStarted: () => void;
  onCancel?: () => void;
}

export function GreetingForm({ overview, orderId, triesLeft, calls, start, onStarted, onCancel }: GreetingFormProps) {
  const { memorial, portraits } = overview;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      portraitMediaId: portraits.find((portrait) => portrait.mediaId === start?.portraitMediaId)?.mediaId ?? (portraits.length === 1 ? portraits[0]!.mediaId : ''),
      message: start?.message ?? '',
      likenessConsent: false,
    },
  });
  const { errors } = form.formState;
  const written = useWatch({ control: form.control, name: 'message' })?.length ?? 0;
  const galleryLink = `/edit-memorial/${encodeURIComponent(memorial.slug)}#billeder`;

  const submit = form.handleSubmit((values) =>
    calls.greeting.mutate(
      { orderId, portraitMediaId: values.portraitMediaId, message: values.message, likenessConsent: true },
      {
        onSuccess: onStarted,
        onError: (error) => {
          const field = error instanceof ApiError ? FIELDS.find((name) => name === error.field) : undefined;
          if (field) form.setError(field, { message: error.message }, { shouldFocus: true });
          else form.setError('root', { message: errorMessage(error) });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Lav hilsenen" className="space-y-10">
      <fieldset aria-describedby={errors.portraitMediaId ? 'portraet-fejl' : undefined}>
        <legend className={STEP}>1. Vælg et portræt</legend>
        <p className="mt-2 text-base text-muted-foreground dark:text-foreground/80">
          Et billede, hvor ansigtet ses tydeligt forfra, bliver bedst. Billedet bevæger sig kun en lille smule.
        </p>
        {portraits.length ? (
          <div className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {portraits.map((portrait, index) => (
              <label
                key={portrait.mediaId}
                className={cn(
                  'relative block cursor-pointer overflow-hidden rounded-xl border-2 border-input/60 bg-card shadow-xs transition-colors hover:border-foreground/40',
                  'has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ring',
                )}
              >
                <input type="radio" value={portrait.mediaId} className="peer sr-only" {...form.register('portraitMediaId')} />
                <img src={portrait.url} alt={portrait.alt || `Billede ${index + 1} fra galleriet`} loading="lazy" className="aspect-square w-full object-cover" />
                <span
                  aria-hidden="true"
                  className="absolute top-2 right-2 hidden rounded-full bg-primary px-2.5 py-0.5 text-sm font-semibold text-primary-foreground peer-checked:inline-block"
                >
                  Valgt
                </span>
              </label>
            ))}
          </div>
        ) : (
          <p className="mt-5 rounded-xl border border-dashed border-border px-5 py-6 text-lg">Der er ingen billeder i mindesidens galleri endnu.</p>
        )}
        {errors.portraitMediaId?.message ? (
          <p id="portraet-fejl" role="alert" className="mt-3 text-base font-semibold text-destructive">
            {errors.portraitMediaId.message}
          </p>
        ) : null}
        <p className="mt-4">
          <Link to={galleryLink} className="inline-flex min-h-11 items-center gap-2 font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text">
            <ImagePlus className="size-5" aria-hidden="true" />
            {portraits.length ? 'Brug et andet billede: læg det i galleriet først' : 'Læg et billede i galleriet'}
          </Link>
        </p>
      </fieldset>

      <div>
        <h3 className={STEP}>2. Skriv hilsenen</h3>
        <div className="mt-4">
          <TextAreaField
            label="Hilsenen"
            hint={`Den står som tekst under billedet. Højst ${GREETING_MESSAGE_MAX} tegn.`}
            rows={4}
            maxLength={GREETING_MESSAGE_MAX}
            className="min-h-32 text-lg"
            error={errors.message?.message}
            {...form.register('message')}
          />
          <p className="mt-1 text-right text-sm text-muted-foreground tabular-nums dark:text-foreground/80">
            {written} af {GREETING_MESSAGE_MAX} tegn
          </p>
        </div>
      </div>

      <fieldset>
        <legend className={STEP}>3. Jeres tilladelse</legend>
        <label className="mt-4 flex cursor-pointer items-start gap-4 rounded-xl border border-input/70 bg-card px-4 py-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring">
          <input
            type="checkbox"
            className="mt-1 size-6 shrink-0 accent-primary"
            aria-invalid={errors.likenessConsent ? true : undefined}
            aria-describedby={errors.likenessConsent ? 'samtykke-fejl' : undefined}
            {...form.register('likenessConsent')}
          />
          <span className="text-lg leading-snug">
            Vi har ret til at bruge billedet af {memorial.name}, og vi ved, at billedet bliver gjort levende med AI. Hilsenen står som tekst under billedet – {memorial.name} siger
            ikke noget.
          </span>
        </label>
        {errors.likenessConsent?.message ? (
          <p id="samtykke-fejl" role="alert" className="mt-3 text-base font-semibold text-destructive">
            {errors.likenessConsent.message}
          </p>
        ) : null}
      </fieldset>

      {errors.root?.message ? (
        <p role="alert" className="text-base font-semibold text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={calls.greeting.isPending || triesLeft <= 0}>
          <Sparkles aria-hidden="true" />
          {calls.greeting.isPending ? 'Sender...' : 'Lav hilsenen'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="quiet" size="lg" onClick={onCancel}>
            Fortryd
          </Button>
        ) : null}
        <p className="text-base text-muted-foreground dark:text-foreground/80">{triesLeft > 0 ? triesLeftText(triesLeft) : AI_MESSAGES.noTriesLeft}</p>
      </div>
    </form>
  );
}
