/**
 * The tree to and from other family-tree programs (MyHeritage, Gramps, Legacy …) as a GEDCOM
 * file. An import is shown before it is done: how many people and families, the character set,
 * the program, a few names, who in the file is the memorial's own person (chosen among the file's
 * likely ones), and every line that was not understood and will be left out. Only "Importér"
 * then brings the people in. The download is the whole tree as a GEDCOM 5.5.1 file.
 */
import { useId, useRef, useState } from 'react';
import { Download, FileUp } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, buttonClass } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { errorMessage } from '@/client/lib/request';
import { sendForm } from '@/client/lib/send-form';
import { toast } from '@/client/lib/toast';
import type { GedcomPreview } from '@/shared/family-tree-api';
import { refreshTree, treeCalls } from './api';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('da-DK')} ${n === 1 ? one : many}`;

export function GedcomSection({ memorial, memorialName, onImported }: { memorial: string; memorialName: string; onImported: (rootId: string) => void }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const rootSelect = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<GedcomPreview | null>(null);
  const [root, setRoot] = useState('');
  const [busy, setBusy] = useState<'reading' | 'importing' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { gedcomPath } = treeCalls(memorial);

  const send = <T,>(step: 'preview' | 'import', chosen: File, rootId?: string) => {
    const form = new FormData();
    form.set('file', chosen);
    const query = new URLSearchParams({ step, ...(rootId ? { root: rootId } : {}) });
    return sendForm<T>(`${gedcomPath}?${query}`, form).done;
  };

  async function read(chosen: File) {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    setBusy('reading');
    try {
      const answer = await send<GedcomPreview>('preview', chosen);
      setPreview(answer);
      setRoot(answer.root?.id ?? answer.candidates[0]?.id ?? '');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function importFile() {
    if (!file) return;
    setBusy('importing');
    setProblem(null);
    try {
      const answer = await send<{ added: number; families: number; rootId: string }>('import', file, root || undefined);
      await refreshTree(queryClient, memorial);
      toast({ title: 'Stamtræet er importeret', description: `${count(answer.added, 'person', 'personer')} og ${count(answer.families, 'familie', 'familier')} er kommet med.` });
      setFile(null);
      setPreview(null);
      onImported(answer.rootId);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const choices = preview ? [...(preview.root ? [preview.root] : []), ...preview.candidates.filter((c) => c.id !== preview.root?.id)] : [];

  return (
    <section aria-labelledby="gedcom" className="rounded-2xl border border-border bg-card/90 px-5 py-7 shadow-sm sm:px-8">
      <h2 id="gedcom" className="text-2xl">
        Andre slægtsprogrammer
      </h2>
      <p className="mt-2 text-muted-foreground">Har familien allerede et stamtræ i fx MyHeritage eller Gramps, kan I hente det ind som en GEDCOM-fil. I ser, hvad der kommer med, før noget bliver gemt.</p>
      <input
        ref={input}
        type="file"
        accept=".ged,.gedcom,text/plain,application/x-gedcom"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void read(chosen);
        }}
      />
      <div className="mt-5 grid gap-3 sm:flex sm:flex-wrap">
        <Button variant="secondary" disabled={busy !== null} onClick={() => input.current?.click()}>
          <FileUp aria-hidden="true" />
          {busy === 'reading' ? 'Læser filen...' : 'Importér GEDCOM-fil'}
        </Button>
        <a href={gedcomPath} download className={buttonClass('secondary', 'md')}>
          <Download aria-hidden="true" />
          Hent som GEDCOM-fil
        </a>
      </div>
      {problem ? (
        <Notice tone="problem" title="Filen kunne ikke læses ind" className="mt-5">
          {problem}
        </Notice>
      ) : null}

      {preview && file ? (
        <div role="group" aria-labelledby="gedcom-preview" className="mt-6 rounded-xl border border-gold/40 bg-gold-soft/30 p-5">
          <h3 id="gedcom-preview" className="font-serif text-xl break-words">
            Det her er i {file.name}
          </h3>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
            <dt className="text-muted-foreground">Personer</dt>
            <dd className="font-semibold">{preview.people.toLocaleString('da-DK')}</dd>
            <dt className="text-muted-foreground">Familier</dt>
            <dd className="font-semibold">{preview.families.toLocaleString('da-DK')}</dd>
            <dt className="text-muted-foreground">Tegnsæt</dt>
            <dd>{preview.charset}</dd>
            {preview.source ? (
              <>
                <dt className="text-muted-foreground">Program</dt>
                <dd className="break-words">{preview.source}</dd>
              </>
            ) : null}
          </dl>
          {preview.sample.length ? (
            <>
              <h4 className="mt-5 font-semibold">Blandt andre</h4>
              <ul className="mt-1 space-y-0.5">
                {preview.sample.map((person, index) => (
                  <li key={index} className="break-words">
                    {person.name}
                    {person.years ? <span className="text-muted-foreground"> · {person.years}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {choices.length ? (
            <div className="mt-5 space-y-2">
              <label htmlFor={rootSelect} className="block font-semibold">
                Hvem i filen er {memorialName}?
              </label>
              <select id={rootSelect} value={root} onChange={(event) => setRoot(event.target.value)} className="min-h-13 w-full rounded-lg border border-input bg-card px-4 text-base text-foreground">
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                    {choice.years ? ` (${choice.years})` : ''}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="mt-5 text-muted-foreground">Ingen i filen ligner {memorialName}. Personerne kommer med, men bliver ikke knyttet til mindesidens egen person.</p>
          )}
          {preview.notUnderstoodCount ? (
            <details className="mt-5">
              <summary className="min-h-11 cursor-pointer py-2 font-semibold">
                Det her kommer ikke med ({preview.notUnderstoodCount.toLocaleString('da-DK')})
              </summary>
              <ul className="mt-2 list-disc space-y-1 pl-6 text-muted-foreground">
                {preview.notUnderstood.map((line, index) => (
                  <li key={index} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" disabled={busy !== null} onClick={() => setPreview(null)}>
              Annuller
            </Button>
            <Button disabled={busy !== null} onClick={() => void importFile()}>
              {busy === 'importing' ? 'Importerer...' : 'Importér'}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
