/**
 * The packing table's scanner (issue 23 item 6), the same on /admin/warehouse-scanner (inside the
 * back office) and /warehouse-scan (full screen, for a tablet on the table): choose in or out (and
 * to whom), then scan code after code, or a package's label, without touching the screen: a USB
 * scanner types each and Enter into the field, which keeps focus; or the camera reads them.
 *
 * Each answer is heard (warehouse-sounds.ts), seen (a large banner in green, amber or red that
 * flashes as it changes, in words as well as colour) and said (an assertive live region, so a
 * screen reader speaks it at once, the same words twice too). The day's count and list follow,
 * and the last accepted scan may be undone.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { CircleAlert, CircleCheck, OctagonX, PackagePlus, Repeat2, ScanLine, Truck, Undo2, Volume2, VolumeX } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { inputClass } from '@/client/components/ui/input';
import { Switch } from '@/client/components/ui/switch';
import { cn } from '@/client/lib/cn';
import type { WarehouseCount, WarehouseDirection, WarehouseScan } from '@/shared/production';
import { formatCode } from '@/shared/qr-code';
import { CameraScanner, ScannerField } from '../scanning/FloorScanner';
import { type Choice, type Feedback, useScansToday, useSoundSetting, useStickyChoice, useWarehouseActions, useWarehouseResellers } from './use-warehouse';
import { createSounds } from './warehouse-sounds';

/** `floor`: the full-screen page's larger type and targets. */
export interface WarehouseScannerProps {
  floor?: boolean;
}

export function WarehouseScanner({ floor = false }: WarehouseScannerProps) {
  const [choice, choose] = useStickyChoice();
  const resellers = useWarehouseResellers();
  const today = useScansToday(choice.direction);
  const [soundOn, setSoundOn] = useSoundSetting();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const sounds = useRef(createSounds());

  // Sound may start only after the person has pressed or typed something (a scanner's keys count).
  useEffect(() => {
    const current = sounds.current;
    const unlock = () => current.unlock();
    document.addEventListener('keydown', unlock, true);
    document.addEventListener('pointerdown', unlock, true);
    return () => {
      document.removeEventListener('keydown', unlock, true);
      document.removeEventListener('pointerdown', unlock, true);
      current.close();
    };
  }, []);

  const soundRef = useRef(soundOn);
  useEffect(() => {
    soundRef.current = soundOn;
  }, [soundOn]);
  const onFeedback = useCallback((next: Feedback) => {
    setFeedback(next);
    if (!soundRef.current) return;
    if (next.kind === 'scan') sounds.current.play(next.outcome);
    else if (next.kind === 'error') sounds.current.play('refused');
  }, []);
  const { scan, undo, waiting } = useWarehouseActions({ onFeedback });

  const approved = resellers.data?.resellers ?? [];
  const reseller = approved.find((r) => r.id === choice.resellerId);
  // A reseller chosen earlier in this tab that is no longer approved is no choice.
  useEffect(() => {
    if (resellers.data && choice.resellerId && !reseller) choose({ resellerId: '' });
  }, [resellers.data, choice.resellerId, reseller, choose]);
  const ready = choice.direction === 'in' || reseller !== undefined;

  const onScan = (text: string) => {
    if (!ready) return;
    sounds.current.unlock();
    scan(text, choice as Choice);
  };

  const list = today.data;
  return (
    <div className={cn('grid gap-6', floor ? 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8' : 'xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]')}>
      {/* What the worker looks at between scans stays at the top: the field, and the answer right under it. */}
      <div className="min-w-0 space-y-5">
        <DirectionChoice
          floor={floor}
          direction={choice.direction}
          onChange={(direction) => {
            // The last answer was the other direction's: the banner starts afresh.
            setFeedback(null);
            choose({ direction });
          }}
        />
        {choice.direction === 'out' ? (
          <ResellerPicker floor={floor} query={resellers} value={reseller?.id ?? ''} onChange={(resellerId) => choose({ resellerId })} />
        ) : null}
        <ScannerField
          onScan={onScan}
          disabled={!ready}
          label="Scan kode eller pakke-etiket"
          hint={
            !ready
              ? 'Vælg først forhandleren, koderne skal sendes til.'
              : choice.direction === 'in'
                ? 'Ind på lager: scan hver kode, eller pakkens etiket for hele pakken.'
                : `Ud til ${reseller!.companyName}: scan hver kode, eller pakkens etiket for hele pakken.`
          }
        />
        <ScanBanner floor={floor} feedback={feedback} direction={choice.direction} ready={ready} waiting={waiting} />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <UndoLast floor={floor} scan={list?.undoable ?? null} busy={waiting > 0} onUndo={(id) => undo(id)} />
          <SoundToggle on={soundOn} onChange={setSoundOn} />
        </div>
      </div>
      <div className="min-w-0 space-y-5">
        <DayCount floor={floor} direction={choice.direction} count={list?.count} />
        <section aria-labelledby="warehouse-camera" className="rounded-xl border border-border bg-card px-4 py-5 shadow-xs sm:px-6">
          <h2 id="warehouse-camera" className="sr-only">
            Kamera
          </h2>
          <CameraScanner onScan={onScan} disabled={!ready} />
        </section>
        <section aria-labelledby="warehouse-list" className="rounded-xl border border-border bg-card px-4 py-5 shadow-xs sm:px-6">
          <h2 id="warehouse-list" className={cn(floor ? 'text-2xl sm:text-3xl' : 'text-xl sm:text-2xl')}>
            {choice.direction === 'in' ? 'Dagens scanninger ind' : 'Dagens scanninger ud'}
          </h2>
          {list ? <ScanList floor={floor} scans={list.scans} /> : <QueryStatus compact className="mt-3" query={today} pending="Henter dagens scanninger..." failed="Dagens scanninger kunne ikke hentes" />}
        </section>
      </div>
    </div>
  );
}

const DIRECTIONS: { value: WarehouseDirection; title: string; text: string; icon: typeof PackagePlus }[] = [
  { value: 'in', title: 'Ind på lager', text: 'Produceret → på lager', icon: PackagePlus },
  { value: 'out', title: 'Ud til forhandler', text: 'På lager → sendt', icon: Truck },
];

/** In or out: two large radio buttons (arrow keys move between them). */
function DirectionChoice({ floor, direction, onChange }: { floor: boolean; direction: WarehouseDirection; onChange: (direction: WarehouseDirection) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className={cn('font-semibold', floor ? 'text-xl' : 'text-lg')}>Retning</legend>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {DIRECTIONS.map(({ value, title, text, icon: Icon }) => {
          const checked = value === direction;
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border-2 px-4 shadow-xs transition-colors',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                floor ? 'min-h-20 py-3' : 'min-h-16 py-3',
                checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input/70 bg-card hover:border-foreground/40',
              )}
            >
              <input type="radio" name={name} value={value} checked={checked} onChange={() => onChange(value)} className="sr-only" />
              {/* No room for the icon beside "forhandler" on a phone. */}
              <Icon aria-hidden="true" className={cn('hidden shrink-0 sm:block', floor ? 'size-9' : 'size-6')} />
              <span className="min-w-0">
                <span className={cn('block leading-tight font-semibold', floor ? 'text-lg sm:text-2xl' : 'text-base sm:text-lg')}>{title}</span>
                <span className={cn('block text-sm', checked ? 'text-primary-foreground/85' : 'text-muted-foreground', floor && 'sm:text-base')}>{text}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Whom the codes go out to, chosen in a dialog rather than a select: a scanner's keys typed into a
 * focused select would pick another reseller by its first letters. While the dialog is open the
 * scanner field waits; when it closes, the field has focus again (use-scanner-focus.ts).
 */
function ResellerPicker({
  floor,
  query,
  value,
  onChange,
}: {
  floor: boolean;
  query: ReturnType<typeof useWarehouseResellers>;
  value: string;
  onChange: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const searchId = useId();
  if (!query.data) return <QueryStatus compact query={query} pending="Henter forhandlere..." failed="Forhandlerne kunne ikke hentes" />;
  const all = query.data.resellers;
  if (all.length === 0) return <p className="text-muted-foreground">Der er ingen godkendte forhandlere at sende koder til.</p>;
  const chosen = all.find((r) => r.id === value);
  const wanted = search.trim().toLocaleLowerCase('da-DK');
  const shown = wanted ? all.filter((r) => `${r.companyName} ${r.town}`.toLocaleLowerCase('da-DK').includes(wanted)) : all;

  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 px-4 py-3', chosen ? 'border-border bg-card' : 'border-gold/60 bg-gold-soft/60')}>
      <p className="min-w-0">
        <span className={cn('block text-muted-foreground', floor ? 'text-base' : 'text-sm')}>Sendes til</span>
        <span className={cn('block font-semibold break-words', floor ? 'text-2xl' : 'text-lg')}>
          {chosen ? `${chosen.companyName}${chosen.town ? `, ${chosen.town}` : ''}` : 'Ingen forhandler valgt'}
        </span>
      </p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setSearch('');
        }}
      >
        <DialogTrigger asChild>
          <Button variant={chosen ? 'secondary' : 'primary'} size={floor ? 'lg' : 'md'}>
            <Truck aria-hidden="true" />
            {chosen ? 'Skift forhandler' : 'Vælg forhandler'}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Hvem skal koderne sendes til?</DialogTitle>
          <DialogDescription>Kun godkendte forhandlere. Koder til direkte salg bliver forhandlerens, når de scannes ud.</DialogDescription>
          {all.length > 6 ? (
            <div className="mt-4 space-y-2">
              <Label htmlFor={searchId}>Søg</Label>
              <input id={searchId} value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} placeholder="Navn eller by" autoComplete="off" />
            </div>
          ) : null}
          <ul aria-label="Godkendte forhandlere" className="mt-4 max-h-[50dvh] space-y-2 overflow-y-auto">
            {shown.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  aria-pressed={r.id === value}
                  onClick={() => {
                    onChange(r.id);
                    setOpen(false);
                  }}
                  className={cn(
                    'flex min-h-14 w-full cursor-pointer flex-col items-start justify-center rounded-lg border px-4 py-2 text-left hover:bg-secondary',
                    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    r.id === value ? 'border-primary ring-1 ring-primary' : 'border-input/70',
                  )}
                >
                  <span className="font-semibold">{r.companyName}</span>
                  {r.town ? <span className="text-sm text-muted-foreground">{r.town}</span> : null}
                </button>
              </li>
            ))}
            {shown.length === 0 ? <li className="text-muted-foreground">Ingen forhandler passer til søgningen.</li> : null}
          </ul>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Each outcome's colours (white or black text at 6:1 or more, in both themes: a flash should be loud), icon and word. */
const TONES = {
  accepted: { className: 'border-[#14532d] bg-[#1d6b3a] text-white', icon: CircleCheck, word: 'Godkendt' },
  already: { className: 'border-[#a16207] bg-[#f5bf3c] text-[#2a1d05]', icon: Repeat2, word: 'Allerede scannet' },
  refused: { className: 'border-[#7f1d1d] bg-[#a2392e] text-white', icon: OctagonX, word: 'Afvist' },
  undo: { className: 'border-border bg-secondary text-foreground', icon: Undo2, word: 'Fortrudt' },
  error: { className: 'border-[#7f1d1d] bg-[#a2392e] text-white', icon: CircleAlert, word: 'Ikke gemt' },
  idle: { className: 'border-border border-dashed bg-card text-foreground', icon: ScanLine, word: 'Klar' },
} as const;

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** The last answer, large; it flashes when a new one comes, and a screen reader says it at once. */
function ScanBanner({ floor, feedback, direction, ready, waiting }: { floor: boolean; feedback: Feedback | null; direction: WarehouseDirection; ready: boolean; waiting: number }) {
  const box = useRef<HTMLDivElement>(null);
  const tone = !feedback ? TONES.idle : feedback.kind === 'scan' ? TONES[feedback.outcome] : TONES[feedback.kind];
  const idleText = !ready ? 'Vælg forhandleren for at begynde.' : direction === 'in' ? 'Klar til at scanne ind på lager.' : 'Klar til at scanne ud til forhandleren.';

  useEffect(() => {
    if (!feedback || reducedMotion() || !box.current?.animate) return;
    box.current.animate([{ transform: 'scale(1.025)', filter: 'brightness(1.25)' }, { transform: 'scale(1)', filter: 'brightness(1)' }], { duration: 450, easing: 'ease-out' });
  }, [feedback]);

  const Icon = tone.icon;
  return (
    <div
      ref={box}
      data-outcome={feedback ? (feedback.kind === 'scan' ? feedback.outcome : feedback.kind) : 'idle'}
      className={cn('flex items-start gap-3 rounded-2xl border-2 shadow-sm sm:gap-4', floor ? 'min-h-36 px-4 py-5 sm:px-6' : 'min-h-28 px-4 py-5 sm:px-5', tone.className)}
    >
      <Icon aria-hidden="true" className={cn('shrink-0', floor ? 'size-10 sm:size-14' : 'size-8 sm:size-10')} />
      {/* Assertive: the worker is mid-scan and needs the answer now. A new element each time, so the same words twice are said twice. */}
      <div aria-live="assertive" aria-atomic="true" className="min-w-0">
        <p key={feedback?.serial ?? 0} className="min-w-0">
          <span className={cn('block font-semibold tracking-wide uppercase', floor ? 'text-lg' : 'text-sm')}>{tone.word}</span>
          <span className={cn('block leading-snug font-semibold break-words', floor ? 'text-2xl sm:text-4xl' : 'text-xl sm:text-2xl')}>{feedback?.message ?? idleText}</span>
        </p>
      </div>
      {waiting > 0 ? (
        <span className={cn('ml-auto shrink-0 text-sm font-semibold opacity-90', floor && 'text-base')} role="status">
          Sender {waiting}...
        </span>
      ) : null}
    </div>
  );
}

/** How a scan names what it moved: the code as printed, or the package. */
const scanSubject = (scan: WarehouseScan) => (scan.code ? formatCode(scan.code) : scan.package ? `pakken „${scan.package.name}“` : scan.input);

function UndoLast({ floor, scan, busy, onUndo }: { floor: boolean; scan: WarehouseScan | null; busy: boolean; onUndo: (id: number) => void }) {
  const what = scan ? `${scanSubject(scan)} ${scan.direction === 'in' ? 'ind på lager' : `ud til ${scan.resellerName ?? 'forhandleren'}`}` : null;
  return (
    <div className="min-w-0">
      <Button variant="secondary" size={floor ? 'lg' : 'md'} disabled={!scan || busy} onClick={() => scan && onUndo(scan.id)} aria-describedby="warehouse-undo-what">
        <Undo2 aria-hidden="true" />
        Fortryd sidste scanning
      </Button>
      <p id="warehouse-undo-what" className="mt-1 text-sm text-muted-foreground">
        {what ? `Sidste: ${what}` : 'Ingen scanning at fortryde.'}
      </p>
    </div>
  );
}

function SoundToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  const Icon = on ? Volume2 : VolumeX;
  return (
    <div className="flex items-center gap-2">
      <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
      <span id={id} className="font-semibold">
        Lyd
      </span>
      <Switch checked={on} onCheckedChange={onChange} aria-labelledby={id} />
    </div>
  );
}

const number = (n: number) => n.toLocaleString('da-DK');

/** Today's codes moved this way, and the scans that moved them (a package's label moves many at once). */
function DayCount({ floor, direction, count }: { floor: boolean; direction: WarehouseDirection; count: WarehouseCount | undefined }) {
  return (
    <section aria-labelledby="warehouse-count" className="rounded-xl border border-border bg-card px-4 py-5 shadow-xs sm:px-6">
      <h2 id="warehouse-count" className={cn(floor ? 'text-2xl sm:text-3xl' : 'text-xl sm:text-2xl')}>
        {direction === 'in' ? 'Taget på lager i dag' : 'Sendt ud i dag'}
      </h2>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-3">
        <span className={cn('font-semibold tabular-nums', floor ? 'text-7xl' : 'text-5xl')}>{count ? number(count.codes) : '–'}</span>
        <span className={cn(floor ? 'text-2xl' : 'text-xl')}>{count?.codes === 1 ? 'kode' : 'koder'}</span>
      </p>
      <p className={cn('mt-1 text-muted-foreground', floor && 'text-lg')}>
        {count ? `${number(count.scans)} ${count.scans === 1 ? 'godkendt scanning' : 'godkendte scanninger'} af dig` : 'Henter...'}
      </p>
    </section>
  );
}

const OUTCOME_MARKS = {
  accepted: { word: 'Godkendt', dot: 'bg-[#1d6b3a] dark:bg-[#5fbf7f]' },
  already: { word: 'Allerede', dot: 'bg-[#d19a12]' },
  refused: { word: 'Afvist', dot: 'bg-destructive' },
} as const;

const time = new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/Copenhagen' });

function ScanList({ floor, scans }: { floor: boolean; scans: WarehouseScan[] }) {
  if (scans.length === 0) return <p className={cn('mt-3 text-muted-foreground', floor && 'text-lg')}>Ingen scanninger endnu i dag.</p>;
  return (
    <ol aria-label="Seneste scanninger" className="mt-3 divide-y divide-border">
      {scans.map((scan) => {
        const mark = OUTCOME_MARKS[scan.outcome];
        return (
          <li key={scan.id} className={cn('py-2.5', floor && 'py-3')}>
            <p className={cn('flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground', floor && 'text-base')}>
              <span className="tabular-nums">{time.format(new Date(scan.at))}</span>
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-1.5 font-semibold text-foreground">
                <span aria-hidden="true" className={cn('size-2.5 rounded-full', mark.dot)} />
                {mark.word}
              </span>
              {scan.undoneAt ? <span className="rounded-full border border-border px-2 text-xs leading-5 font-semibold">Fortrudt</span> : null}
            </p>
            <p className={cn('mt-0.5 break-words', scan.undoneAt && 'text-muted-foreground line-through', floor && 'text-lg')}>{scan.message}</p>
          </li>
        );
      })}
    </ol>
  );
}
