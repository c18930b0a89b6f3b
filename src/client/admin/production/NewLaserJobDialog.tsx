/**
 * "Nyt job": a plaque to engrave made by hand (a replacement for one that broke, a sample): the
 * code as typed or scanned, the material, one of the sizes we sell, and up to three lines. The
 * text is checked as the order form checks it (shared/plaque.ts), while typing; the server checks
 * it all again and that the code exists and is not voided, and its answer is shown at the field.
 */
import { type FormEvent, useState } from 'react';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { type LaserJobDetail, newLaserJobBody } from '@/shared/laser-jobs';
import { PLAQUE_MATERIALS, PLAQUE_MATERIAL_LABELS, PLAQUE_MAX_LINES, PLAQUE_SIZES, type PlaqueMaterial, plaqueMaxCharacters, plaqueTextProblems } from '@/shared/plaque';
import { formatCode } from '@/shared/qr-code';
import { useCreateLaserJob } from './use-production';

type Field = 'code' | 'material' | 'size' | 'lines';

const SIZE_KEYS = PLAQUE_SIZES.map((size) => `${size.widthMm}x${size.heightMm}`);
type SizeKey = string;

const EMPTY_LINES = Array.from({ length: PLAQUE_MAX_LINES }, () => '');

interface NewLaserJobDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The job made: the page shows it. */
  onMade: (job: LaserJobDetail) => void;
}

export function NewLaserJobDialog({ open, onOpenChange, onMade }: NewLaserJobDialogProps) {
  const create = useCreateLaserJob();
  const [code, setCode] = useState('');
  const [material, setMaterial] = useState<PlaqueMaterial>('staal');
  const [sizeKey, setSizeKey] = useState<SizeKey>(SIZE_KEYS[0]!);
  const [lines, setLines] = useState<string[]>(EMPTY_LINES);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const size = PLAQUE_SIZES[SIZE_KEYS.indexOf(sizeKey)] ?? PLAQUE_SIZES[0];
  const textProblem = lines.some((line) => line.trim() !== '') ? plaqueTextProblems(lines, size.widthMm) : null;

  const reset = () => {
    setCode('');
    setMaterial('staal');
    setSizeKey(SIZE_KEYS[0]!);
    setLines(EMPTY_LINES);
    setErrors({});
    setProblem(null);
    create.reset();
  };
  const change = (next: boolean) => {
    if (create.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (create.isPending) return;
    const body = { code, material, widthMm: size.widthMm, heightMm: size.heightMm, lines };
    const parsed = newLaserJobBody.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = fieldOf(String(issue.path[0] ?? ''));
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setProblem(null);
    create.mutate(body, {
      onSuccess: (job) => {
        toast({ title: `Nyt job: plade ${formatCode(job.code)}`, description: 'Det venter i køen til laseren.' });
        reset();
        onOpenChange(false);
        onMade(job);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field) setErrors({ [fieldOf(error.field)]: error.message });
        else setProblem(errorMessage(error));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-2xl">
        <form noValidate onSubmit={submit}>
          <DialogTitle>Nyt laserjob</DialogTitle>
          <DialogDescription>En plade lavet i hånden, fx en erstatning for en, der gik i stykker. Den kommer i køen til laseren med det samme.</DialogDescription>
          <div className="mt-6 space-y-6">
            <TextField
              label="QR-kode"
              hint="Skriv eller scan koden, der skal graveres. Bindestreger og mellemrum er ligegyldige."
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              maxLength={200}
              value={code}
              error={errors.code}
              onChange={(event) => {
                setCode(event.target.value);
                setErrors((e) => ({ ...e, code: undefined }));
              }}
              inputClassName="font-mono tracking-wide"
            />
            <ChoiceCards
              legend="Materiale"
              columns="three"
              value={material}
              onChange={(value) => setMaterial(value)}
              choices={PLAQUE_MATERIALS.map((value) => ({ value, title: PLAQUE_MATERIAL_LABELS[value] }))}
            />
            {errors.material ? <p role="alert" className="text-sm font-medium text-destructive">{errors.material}</p> : null}
            <ChoiceCards
              legend="Størrelse"
              columns="three"
              value={sizeKey}
              onChange={(value) => {
                setSizeKey(value);
                setErrors((e) => ({ ...e, size: undefined, lines: undefined }));
              }}
              choices={PLAQUE_SIZES.map((option, index) => ({ value: SIZE_KEYS[index]!, title: option.label, description: `Højst ${plaqueMaxCharacters(option)} tegn pr. linje` }))}
            />
            {errors.size ? <p role="alert" className="text-sm font-medium text-destructive">{errors.size}</p> : null}
            <fieldset>
              <legend className="text-base font-semibold">Tekst under koden</legend>
              <p className="mt-1 text-sm text-muted-foreground">Op til {PLAQUE_MAX_LINES} linjer. Tomme linjer udelades.</p>
              <div className="mt-3 space-y-3">
                {lines.map((line, index) => (
                  <TextField
                    key={index}
                    label={`Linje ${index + 1}`}
                    autoComplete="off"
                    maxLength={200}
                    value={line}
                    onChange={(event) => {
                      setLines((current) => current.map((value, i) => (i === index ? event.target.value : value)));
                      setErrors((e) => ({ ...e, lines: undefined }));
                    }}
                  />
                ))}
              </div>
              {errors.lines || textProblem ? (
                <p role="alert" className="mt-3 text-sm font-medium text-destructive">
                  {errors.lines ?? textProblem}
                </p>
              ) : null}
            </fieldset>
            {problem ? (
              <Notice tone="problem" title="Jobbet blev ikke lavet">
                {problem}
              </Notice>
            ) : null}
          </div>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={create.isPending}>
                Annuller
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Laver jobbet...' : 'Lav jobbet'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Where the schema's or the server's complaint belongs on the form. */
function fieldOf(path: string): Field {
  if (path === 'code' || path === 'material') return path;
  if (path.startsWith('lines')) return 'lines';
  return 'size';
}
