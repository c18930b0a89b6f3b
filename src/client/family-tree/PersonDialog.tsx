/**
 * The family's form for one person: a new parent, child or partner of the person in focus, or
 * what is known about someone already there. Big fields with Danish labels, a date as one field
 * each (DateField.tsx), and the shared schema (personFields) checks what is sent before the server
 * does. Saved, the dialog closes and the toast offers "Fortryd" (changes.ts).
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { Notice } from '@/client/components/ui/notice';
import { Switch } from '@/client/components/ui/switch';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { FAMILY_TREE_MESSAGES, PARTNERSHIPS, PARTNERSHIP_NAMES, type Partnership, SEXES, SEX_NAMES, type Sex, formatTreeDate, isLiving, parseDanishDate } from '@/shared/family-tree';
import { type CloseFamily, type FamilyTree, type PersonChanges, type PersonFields, type TreePerson, personFields } from '@/shared/family-tree-api';
import { treeCalls, wholeTreeKey } from './api';
import { runChange } from './changes';
import { DateField, dateProblem } from './DateField';
import { ExistingPerson } from './ExistingPerson';
import { useReturnFocus } from './return-focus';
import { personName } from './words';

export type PersonDialogMode = { kind: 'edit'; person: TreePerson } | { kind: 'parent' | 'child' | 'partner'; of: CloseFamily };

interface Draft {
  givenNames: string;
  surname: string;
  sex: Sex;
  birth: string;
  death: string;
  diedUndated: boolean;
  birthPlace: string;
  deathPlace: string;
  note: string;
  showLivingToVisitors: boolean;
  linkedMemorial: string;
}

const EMPTY: Draft = { givenNames: '', surname: '', sex: 'unknown', birth: '', death: '', diedUndated: false, birthPlace: '', deathPlace: '', note: '', showLivingToVisitors: false, linkedMemorial: '' };

function draftOf(person: TreePerson): Draft {
  return {
    givenNames: person.givenNames,
    surname: person.surname,
    sex: person.sex,
    birth: person.birth ? formatTreeDate(person.birth) : '',
    death: person.death ? formatTreeDate(person.death) : '',
    diedUndated: person.diedUndated,
    birthPlace: person.birthPlace,
    deathPlace: person.deathPlace,
    note: person.note,
    showLivingToVisitors: person.showLivingToVisitors,
    linkedMemorial: person.linkedMemorial ? `${window.location.origin}/memorial/${person.linkedMemorial.slug}` : '',
  };
}

function fieldsOf(draft: Draft): PersonFields {
  return {
    givenNames: draft.givenNames,
    surname: draft.surname,
    sex: draft.sex,
    birth: parseDanishDate(draft.birth),
    death: parseDanishDate(draft.death),
    diedUndated: draft.diedUndated && !draft.death.trim(),
    birthPlace: draft.birthPlace,
    deathPlace: draft.deathPlace,
    note: draft.note,
    showLivingToVisitors: draft.showLivingToVisitors,
    linkedMemorial: draft.linkedMemorial.trim() || null,
  };
}

/** The fields that differ from the person as they were, and those fields' old values (the undo). */
function differences(person: TreePerson, before: Draft, after: Draft) {
  const next = fieldsOf(after);
  const changes: PersonChanges = {};
  const previous: PersonChanges = {};
  const old: PersonFields = { ...fieldsOf(before), birth: person.birth, death: person.death, diedUndated: person.diedUndated, linkedMemorial: person.linkedMemorial?.slug ?? null };
  for (const key of Object.keys(before) as (keyof Draft)[]) {
    if (before[key] === after[key]) continue;
    Object.assign(changes, { [key]: next[key] });
    Object.assign(previous, { [key]: old[key] });
  }
  // Writing a death date clears "died, date unknown"; its undo must put that back too.
  if (changes.death !== undefined && next.diedUndated !== person.diedUndated) {
    changes.diedUndated = next.diedUndated;
    previous.diedUndated = person.diedUndated;
  }
  return { changes, previous };
}

const TITLES = { parent: 'Tilføj forælder', child: 'Tilføj barn', partner: 'Tilføj partner', edit: 'Ret oplysninger' } as const;

export function PersonDialog({ memorial, mode, onClose }: { memorial: string; mode: PersonDialogMode; onClose: () => void }) {
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus();
  const initial = mode.kind === 'edit' ? draftOf(mode.person) : EMPTY;
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'existing', string>>>({});
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const families = mode.kind === 'child' ? mode.of.families : [];
  const [familyId, setFamilyId] = useState<string>(families.find((family) => family.partners.length === 2)?.id ?? families[0]?.id ?? 'none');
  const [partnership, setPartnership] = useState<Partnership>('married');
  // Adding: a new person, or one the tree already holds (ExistingPerson.tsx).
  const [who, setWho] = useState<'new' | 'existing'>('new');
  const [existingId, setExistingId] = useState('');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const focus = mode.kind === 'edit' ? mode.person : mode.of.person;
  const partnerName = (id: string) => {
    const partner = mode.kind === 'child' ? mode.of.partners.find((p) => p.id === id) : undefined;
    return partner ? personName(partner) : 'ukendt';
  };
  const living = isLiving({ birth: parseDanishDate(draft.birth), death: parseDanishDate(draft.death), diedUndated: draft.diedUndated }, new Date());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (mode.kind !== 'edit' && who === 'existing') return joinExisting(mode.kind, mode.of);
    const found: typeof errors = {};
    if (dateProblem(draft.birth)) found.birth = FAMILY_TREE_MESSAGES.date;
    if (dateProblem(draft.death)) found.death = FAMILY_TREE_MESSAGES.date;
    if (!draft.givenNames.trim() && !draft.surname.trim()) found.givenNames = FAMILY_TREE_MESSAGES.noName;
    const fields = fieldsOf(draft);
    const parsed = personFields.safeParse(fields);
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as keyof Draft] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length) return;

    const calls = treeCalls(memorial);
    const name = personName(fields);
    setPending(true);
    let saved: unknown;
    if (mode.kind === 'edit') {
      const { changes, previous } = differences(mode.person, initial, draft);
      if (!Object.keys(changes).length) {
        setPending(false);
        onClose();
        return;
      }
      saved = await runChange(queryClient, memorial, {
        call: () => calls.changePerson(mode.person.id, changes),
        done: `Oplysningerne om ${name} er gemt`,
        undo: () => ({ undone: `Oplysningerne om ${personName(mode.person)} er sat tilbage`, run: () => calls.changePerson(mode.person.id, previous) }),
      });
    } else {
      const relation = {
        kind: mode.kind,
        of: mode.of.person.id,
        ...(mode.kind === 'child' && familyId !== 'none' ? { familyId } : {}),
        ...(mode.kind === 'partner' ? { partnership } : {}),
      };
      saved = await runChange(queryClient, memorial, {
        call: () => calls.addPerson(parsed.data!, relation),
        done: `${name} er tilføjet`,
        undo: ({ personId }) => ({ undone: `${name} er fjernet igen`, run: () => calls.removePerson(personId) }),
      });
    }
    setPending(false);
    if (saved) onClose();
  }

  /** The chosen person joined in the new place; the undo takes them out of the family they joined. */
  async function joinExisting(kind: 'parent' | 'child' | 'partner', of: CloseFamily) {
    if (!existingId) {
      setErrors({ existing: 'Vælg en person.' });
      return;
    }
    setErrors({});
    const calls = treeCalls(memorial);
    const chosen = existingName(existingId);
    setPending(true);
    const saved = await runChange(queryClient, memorial, {
      call: () =>
        calls.link({
          kind,
          of: of.person.id,
          personId: existingId,
          ...(kind === 'child' && familyId !== 'none' ? { familyId } : {}),
          ...(kind === 'partner' ? { partnership } : {}),
        }),
      done: `${chosen} er sat ind som ${kind === 'parent' ? 'forælder' : kind === 'child' ? 'barn' : 'partner'}`,
      undo: ({ familyId: joined }) => ({
        undone: `${chosen} er taget ud igen`,
        run: () => calls.unlink({ kind: kind === 'child' ? 'child' : 'partner', familyId: joined, personId: existingId }),
      }),
    });
    setPending(false);
    if (saved) onClose();
  }
  const existingName = (id: string) => {
    const person = queryClient.getQueryData<FamilyTree>(wholeTreeKey(memorial))?.people.find((p) => p.id === id);
    return person ? personName(person) : 'Personen';
  };

  const lead =
    mode.kind === 'edit'
      ? 'Skriv det, I ved. Resten kan vente.'
      : mode.kind === 'parent'
        ? `En mor eller far til ${personName(focus)}.`
        : mode.kind === 'child'
          ? `Et barn af ${personName(focus)}.`
          : `En ægtefælle eller samlever til ${personName(focus)}.`;

  return (
    <Dialog open onOpenChange={(open) => (!open && !pending ? onClose() : undefined)}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={returnFocus}>
        <DialogTitle>{TITLES[mode.kind]}</DialogTitle>
        <DialogDescription>{lead}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-6">
          {mode.kind !== 'edit' ? (
            <ChoiceCards
              legend="Hvem"
              choices={[
                { value: 'new', title: 'En ny person' },
                { value: 'existing', title: 'En, der allerede er i stamtræet' },
              ]}
              value={who}
              onChange={setWho}
              columns="two"
            />
          ) : null}
          {mode.kind !== 'edit' && who === 'existing' ? (
            <ExistingPerson memorial={memorial} kind={mode.kind} close={mode.of} value={existingId} onChange={setExistingId} error={errors.existing} />
          ) : null}
          <div hidden={mode.kind !== 'edit' && who === 'existing'} className="space-y-6">
            <TextField label="Fornavne" value={draft.givenNames} onChange={(e) => set('givenNames', e.target.value)} error={errors.givenNames} autoComplete="off" autoCapitalize="words" />
            <TextField label="Efternavn" value={draft.surname} onChange={(e) => set('surname', e.target.value)} error={errors.surname} autoComplete="off" autoCapitalize="words" />
            <ChoiceCards legend="Køn" hint="Bruges til at skrive fx halvbror eller halvsøster." choices={SEXES.map((sex) => ({ value: sex, title: SEX_NAMES[sex] }))} value={draft.sex} onChange={(sex) => set('sex', sex)} columns="three" />
          </div>
          {mode.kind === 'partner' ? (
            <ChoiceCards legend="Forholdet" choices={PARTNERSHIPS.map((value) => ({ value, title: PARTNERSHIP_NAMES[value] }))} value={partnership} onChange={setPartnership} columns="two" />
          ) : null}
          {mode.kind === 'child' && families.length > 1 ? (
            <ChoiceCards
              legend="Barnets anden forælder"
              choices={families.map((family) => {
                const other = family.partners.find((id) => id !== focus.id);
                return { value: family.id, title: other ? `Med ${partnerName(other)}` : 'Anden forælder ikke kendt' };
              })}
              value={familyId}
              onChange={setFamilyId}
            />
          ) : null}

          <div hidden={mode.kind !== 'edit' && who === 'existing'} className="space-y-6">
            <DateField label="Født" value={draft.birth} onChange={(text) => set('birth', text)} error={errors.birth} showProblems={tried} />
            <TextField label="Fødested" value={draft.birthPlace} onChange={(e) => set('birthPlace', e.target.value)} error={errors.birthPlace} autoComplete="off" />
            <DateField label="Død" value={draft.death} onChange={(text) => set('death', text)} error={errors.death} showProblems={tried} />
            {!draft.death.trim() ? (
              <label className="flex min-h-11 cursor-pointer items-center gap-3 text-base">
                <input type="checkbox" checked={draft.diedUndated} onChange={(e) => set('diedUndated', e.target.checked)} className="size-6 accent-primary" />
                Død uden kendt dato
              </label>
            ) : null}
            {draft.death.trim() || draft.diedUndated ? (
              <TextField label="Dødssted" value={draft.deathPlace} onChange={(e) => set('deathPlace', e.target.value)} error={errors.deathPlace} autoComplete="off" />
            ) : null}
            {living ? <LivingSwitch checked={draft.showLivingToVisitors} onChange={(checked) => set('showLivingToVisitors', checked)} /> : null}
            <TextAreaField label="Note" hint="Fx erhverv, hvor familien boede, eller et minde." value={draft.note} onChange={(e) => set('note', e.target.value)} error={errors.note} rows={3} className="min-h-28" />
            <TextField
              label="Egen mindeside"
              hint="Har personen sin egen mindeside på Mindested, så indsæt adressen her."
              placeholder="mindested.dk/memorial/..."
              value={draft.linkedMemorial}
              onChange={(e) => set('linkedMemorial', e.target.value)}
              error={errors.linkedMemorial}
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          </div>
          {Object.keys(errors).length ? <Notice tone="problem">Ret det markerede, så kan I gemme.</Notice> : null}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" size="lg" disabled={pending}>
                Annuller
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" disabled={pending}>
              {pending ? 'Gemmer...' : mode.kind === 'edit' ? 'Gem oplysninger' : 'Tilføj'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function LivingSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="rounded-lg border border-border bg-secondary/40 px-4 py-3">
      <div className="flex items-center justify-between gap-4">
        <span id="vis-levende" className="font-semibold">
          Vis også for besøgende
        </span>
        <Switch checked={checked} onCheckedChange={onChange} aria-labelledby="vis-levende" aria-describedby="vis-levende-forklaring" />
      </div>
      <p id="vis-levende-forklaring" className="mt-1 text-sm text-muted-foreground">
        Personen regnes for levende. Besøgende ser kun fornavnet, medmindre I slår dette til.
      </p>
    </div>
  );
}
