/**
 * /create-memorial/guided: a memorial built one calm step at a time (the person, dates and places,
 * portrait, life story, timeline, who may see it). The second step creates the memorial as private
 * with its name and dates (its address is made of them), so nothing is public before the family
 * says so in the last step, which gives it its readable address; each later step is sent when
 * the person goes on. What is typed in between is kept in the browser (guided/draft.ts), so a
 * reload or a closed tab brings the person back to the same step with the same words.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useUser } from '@/client/lib/use-user';
import { Button } from '@/client/components/ui/button';
import { Card, CardBody } from '@/client/components/ui/card';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, NETWORK_ERROR, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { User } from '@/shared/auth';
import { MEMORIAL_LIMITS as L, type Memorial } from '@/shared/memorials';
import { personForm, timelineBody, type UpdateMemorialBody } from '@/shared/memorials-api';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { PRIVACY_CHOICES } from '../form/choices';
import { LifeStoryEditor } from '../form/LifeStoryEditor';
import { TimelineEditor, type TimelineErrors } from '../form/TimelineEditor';
import { timelineErrors } from '../form/timeline-errors';
import { useCreateMemorial, useUpdateMemorial } from '../save';
import { useMemorial } from '../use-memorial';
import { CreateShell } from './CreateShell';
import { useDraft, type WizardFields } from './guided/draft';
import { PortraitStep } from './guided/PortraitStep';

/** The random end of a private memorial's address (src/server/memorials/slug.ts privateSlug). */
const PRIVATE_TAIL = /-[0-9a-z]{8}$/;

const STEPS = [
  { title: 'Personen', lead: 'Hvem er mindesiden for?' },
  { title: 'Datoer og steder', lead: 'Hvornår og hvor levede hun eller han?' },
  { title: 'Portræt', lead: 'Et billede, der viser personen, som I husker hende eller ham.' },
  { title: 'Livshistorie', lead: 'Fortæl om livet med jeres egne ord. Skriv lidt nu, eller spring over og skriv senere.' },
  { title: 'Livslinje', lead: 'De år og dage, der betød noget. Et årstal er nok.' },
  { title: 'Hvem kan se siden?', lead: 'Mindesiden er skjult, indtil I vælger her. I kan altid ændre det senere.' },
] as const;

export default function GuidedCreatePage() {
  const { user } = useUser();
  return (
    <CreateShell title="Opret mindeside trin for trin" lead="Alt, I skriver, gemmes undervejs. I kan holde pause og komme tilbage når som helst.">
      {user ? <Wizard user={user} /> : null}
    </CreateShell>
  );
}

function fieldsOf(memorial: Memorial | undefined): WizardFields {
  return {
    name: memorial?.name ?? '',
    epitaph: memorial?.epitaph ?? '',
    birthDate: memorial?.birthDate ?? '',
    deathDate: memorial?.deathDate ?? '',
    birthPlace: memorial?.birthPlace ?? '',
    deathPlace: memorial?.deathPlace ?? '',
    cemetery: memorial?.restingPlace.cemetery ?? '',
    lifeStory: memorial?.lifeStory ?? '',
    timeline: memorial?.timeline ?? [],
    privacy: memorial?.privacy === 'private' || !memorial ? 'public' : memorial.privacy,
  };
}

type Errors = Record<string, string | undefined>;

function Wizard({ user }: { user: User }) {
  const { draft, update, type, finish } = useDraft(user.id);
  const memorial = useMemorial(draft.memorialId ?? '');
  const create = useCreateMemorial();
  const save = useUpdateMemorial(draft.memorialId ?? '');
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  // Back after a reload or another day: greeted once, until the first step is taken.
  const [resumed] = useState(() => draft.step > 0);
  const [moved, setMoved] = useState(false);

  const serverMemorial = draft.memorialId ? memorial.data : undefined;
  const fields: WizardFields = { ...fieldsOf(serverMemorial), ...draft.fields };
  const step = Math.min(draft.step, STEPS.length - 1);
  const pending = create.isPending || save.isPending;

  // The new step's heading takes focus, so a screen reader starts reading there.
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [step, moved]);

  /** `keep`: what was typed is not sent yet (the first step waits for the second), so the draft keeps it. */
  const go = (next: number, keep = false) => {
    setMoved(true);
    setErrors({});
    update(keep ? { step: next } : { step: next, fields: {} });
    window.scrollTo({ top: 0 });
  };

  function checkPerson(keys: (keyof WizardFields)[]): boolean {
    const checked = personForm.safeParse(fields);
    const found: Errors = {};
    if (!checked.success) for (const issue of checked.error.issues) if (keys.includes(issue.path[0] as keyof WizardFields)) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  function send(body: UpdateMemorialBody) {
    save.mutate({ body }, { onSuccess: () => go(step + 1) });
  }

  function next() {
    if (step === 0) {
      if (!checkPerson(['name', 'epitaph'])) return;
      // Not made yet: the name waits in the draft for the dates, which its address is made of.
      if (!draft.memorialId) return go(1, true);
      return send({ name: fields.name, epitaph: fields.epitaph });
    }
    if (step === 1) {
      if (!checkPerson(['name', 'epitaph', 'birthDate', 'deathDate', 'birthPlace', 'deathPlace'])) return;
      const person = personForm.parse(fields);
      const datesAndPlaces = {
        birthDate: person.birthDate,
        deathDate: person.deathDate,
        birthPlace: person.birthPlace,
        deathPlace: person.deathPlace,
        restingPlace: { ...(serverMemorial?.restingPlace ?? { section: '', graveNumber: '', latitude: null, longitude: null }), cemetery: fields.cemetery.trim() },
      };
      if (!draft.memorialId) {
        // Made here, with the name and the years, so its address reads like the demo's:
        // karen-jensen-1941-2023 (src/server/memorials/slug.ts baseSlug). Private until the last step.
        create.mutate(
          { name: fields.name, epitaph: fields.epitaph, ...datesAndPlaces, privacy: 'private' },
          {
            onSuccess: (created) => {
              setMoved(true);
              update({ memorialId: created.id, step: 2, fields: {} });
              window.scrollTo({ top: 0 });
            },
          },
        );
        return;
      }
      return send(datesAndPlaces);
    }
    if (step === 2) return go(3);
    if (step === 3) return send({ lifeStory: fields.lifeStory });
    if (step === 4) {
      const checked = timelineBody.safeParse(fields.timeline);
      if (!checked.success) {
        setErrors(timelineErrors(checked.error));
        return;
      }
      return send({ timeline: checked.data });
    }
    const ready = {
      onSuccess: (done: Memorial) => {
        finish();
        toast({ title: 'Mindesiden er klar', description: 'I kan altid tilføje flere billeder og minder.' });
        void navigate(`/memorial/${done.slug}`);
      },
    };
    const privacy = { privacy: fields.privacy };
    // Private while it was made, its address ends in random characters (docs/decisions/0021). Shown
    // to nobody yet, it takes its readable address (name and years) when the family opens it; if
    // that is taken, it keeps the one it has, which the edit page can change.
    const readable = serverMemorial?.privacy === 'private' && fields.privacy !== 'private' ? serverMemorial.slug.replace(PRIVATE_TAIL, '') : null;
    if (!readable || readable === serverMemorial?.slug) return save.mutate({ body: privacy }, ready);
    save.mutate(
      { body: { ...privacy, slug: readable }, quiet: true },
      {
        ...ready,
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 409 || error.status === 400)) save.mutate({ body: privacy }, ready);
          else toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) });
        },
      },
    );
  }

  // A draft whose memorial is gone (deleted since, or not found) cannot go on; the person starts over.
  if (draft.memorialId && memorial.isError) {
    return (
      <Notice title="Kladden kunne ikke hentes">
        <p>{memorial.error instanceof ApiError && memorial.error.status === 404 ? 'Den mindeside, I var i gang med, findes ikke længere.' : NETWORK_ERROR}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          {memorial.error instanceof ApiError && memorial.error.status === 404 ? null : (
            <Button onClick={() => void memorial.refetch()}>Prøv igen</Button>
          )}
          <Button variant="secondary" onClick={() => update({ memorialId: null, step: 0, fields: {} })}>
            Begynd forfra
          </Button>
        </div>
      </Notice>
    );
  }

  if (draft.memorialId && !serverMemorial) {
    return (
      <p role="status" className="py-10 text-center text-muted-foreground">
        Henter jeres kladde...
      </p>
    );
  }

  const isFirst = step === 0;
  const isLast = step === STEPS.length - 1;
  const current = STEPS[step]!;

  return (
    <div>
      {resumed && !moved ? (
        <Notice className="mb-8" title="Velkommen tilbage">
          I fortsætter, hvor I slap. Det, I har skrevet, er gemt.
        </Notice>
      ) : null}

      <Progress step={step} />

      <Card className="mt-8">
        <CardBody>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <h2 ref={heading} tabIndex={-1} className="text-3xl focus:outline-none">
              {current.title}
            </h2>
            <p className="mt-2 text-muted-foreground">{current.lead}</p>

            <div className="mt-8">
              {step === 0 ? (
                <div className="space-y-6">
                  <TextField
                    label="Fulde navn"
                    hint="Som navnet skal stå på mindesiden, fx Karen Marie Jensen."
                    autoComplete="off"
                    maxLength={L.name}
                    value={fields.name}
                    error={errors.name}
                    onChange={(e) => type({ name: e.target.value })}
                  />
                  <TextField
                    label="Mindeord (valgfrit)"
                    hint="En kort linje under navnet, fx »Elsket og savnet«."
                    autoComplete="off"
                    maxLength={L.epitaph}
                    value={fields.epitaph}
                    error={errors.epitaph}
                    onChange={(e) => type({ epitaph: e.target.value })}
                  />
                </div>
              ) : step === 1 ? (
                <div className="space-y-6">
                  <div className="grid gap-6 sm:grid-cols-2">
                    <TextField label="Født" type="date" value={fields.birthDate} error={errors.birthDate} onChange={(e) => type({ birthDate: e.target.value })} />
                    <TextField label="Død" type="date" value={fields.deathDate} error={errors.deathDate} onChange={(e) => type({ deathDate: e.target.value })} />
                  </div>
                  <div className="grid gap-6 sm:grid-cols-2">
                    <TextField label="Fødested (valgfrit)" hint="By eller sogn" autoComplete="off" maxLength={L.place} value={fields.birthPlace} error={errors.birthPlace} onChange={(e) => type({ birthPlace: e.target.value })} />
                    <TextField label="Dødssted (valgfrit)" hint="By eller sogn" autoComplete="off" maxLength={L.place} value={fields.deathPlace} error={errors.deathPlace} onChange={(e) => type({ deathPlace: e.target.value })} />
                  </div>
                  <TextField
                    label="Kirkegård (valgfrit)"
                    hint="Hvor graven er. Afdeling, gravsted og kortposition kan I tilføje senere."
                    autoComplete="off"
                    maxLength={L.place}
                    value={fields.cemetery}
                    onChange={(e) => type({ cemetery: e.target.value })}
                  />
                </div>
              ) : step === 2 && serverMemorial ? (
                <PortraitStep memorial={serverMemorial} onBusy={setUploading} />
              ) : step === 3 ? (
                <LifeStoryEditor label="Livshistorien" value={fields.lifeStory} onChange={(lifeStory) => type({ lifeStory })} />
              ) : step === 4 ? (
                <TimelineEditor value={fields.timeline} errors={errors as TimelineErrors} onChange={(timeline) => type({ timeline })} />
              ) : (
                <ChoiceCards legend="Hvem kan se mindesiden?" choices={PRIVACY_CHOICES} value={fields.privacy} onChange={(privacy) => type({ privacy })} />
              )}
            </div>

            <div className="mt-10 flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
              {isFirst ? (
                <span />
              ) : (
                <Button variant="secondary" size="lg" disabled={pending || uploading} onClick={() => go(step - 1)}>
                  <ArrowLeft aria-hidden="true" />
                  Tilbage
                </Button>
              )}
              <Button type="submit" size="lg" disabled={pending || uploading}>
                {pending ? 'Gemmer...' : isLast ? 'Gør mindesiden færdig' : step === 2 && !serverMemorial?.portraitId ? 'Spring over' : 'Gem og fortsæt'}
                {isLast || pending ? null : <ArrowRight aria-hidden="true" />}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}

function Progress({ step }: { step: number }) {
  return (
    <div>
      <p className="text-center font-semibold" aria-live="polite">
        Trin {step + 1} af {STEPS.length}: {STEPS[step]!.title}
      </p>
      <ol aria-label="Trin" className="mt-4 grid grid-cols-6 gap-1.5 sm:gap-2">
        {STEPS.map((s, index) => (
          <li key={s.title} aria-current={index === step ? 'step' : undefined}>
            <span className={`block h-2 rounded-full ${index <= step ? 'bg-gold' : 'bg-border'}`} aria-hidden="true" />
            <span className={`mt-2 hidden text-center text-sm sm:block ${index === step ? 'font-semibold text-foreground' : 'text-muted-foreground'}`}>{s.title}</span>
            <span className="sr-only">
              {s.title}
              {index < step ? ' (udfyldt)' : index === step ? ' (nu)' : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
