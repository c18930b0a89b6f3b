/**
 * "Vis hele stamtræet": the hourglass around one person (hourglass.ts) in a dialog that covers
 * the screen. Moved and zoomed with d3-zoom by finger (drag, pinch), mouse (drag, wheel) and
 * keyboard (arrows move, + and - zoom, 0 goes back to the start), and with the buttons in the top
 * bar. A zoom changes one CSS transform on one layer: nothing is laid out again, so a large tree
 * stays smooth. `touch-action: none` is on the chart only, inside the dialog: outside it the
 * page keeps its own scrolling and zoom, and when the dialog closes (Escape, "Luk") focus goes back
 * to the button that opened it.
 *
 * People are real buttons, in the order Tab meets them top to bottom; one opens the person's
 * details in a sheet (PersonSheet.tsx). A card that Tab reaches outside the view is brought into it.
 */
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Maximize, Minus, Plus, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { select } from 'd3-selection';
import { type ZoomBehavior, zoom, zoomIdentity, zoomTransform } from 'd3-zoom';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { useWholeTree } from './api';
import { CARD_H, CARD_W, type PlacedPerson, layoutHourglass } from './hourglass';
import { PersonPhoto } from './PersonPhoto';
import { PersonSheet } from './PersonSheet';
import { useReturnFocus } from './return-focus';
import { personName, years } from './words';

/** Generations drawn each way at first, and added by "Vis flere generationer". */
const GENERATIONS = 3;
const PAN_STEP = 80;

interface FullTreeProps {
  memorial: string;
  focusId: string;
  onClose: () => void;
  /** "Vis nærmeste familie": the page's card view, centred on that person. */
  onShowClose: (personId: string) => void;
}

export default function FullTree({ memorial, focusId, onClose, onShowClose }: FullTreeProps) {
  const whole = useWholeTree(memorial);
  const returnFocus = useReturnFocus();
  const [centre, setCentre] = useState(focusId);
  const [generations, setGenerations] = useState(GENERATIONS);
  const [chosen, setChosen] = useState<PlacedPerson | null>(null);
  const layout = useMemo(() => (whole.data ? layoutHourglass(whole.data, centre, generations) : null), [whole.data, centre, generations]);
  const centreName = whole.data ? personName(whole.data.people.find((p) => p.id === centre) ?? { givenNames: '', surname: '' }) : '';

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // The person in focus takes focus once the chart is drawn (Chart); until then the dialog holds it.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={returnFocus}
          tabIndex={-1}
          className="fixed inset-0 z-50 flex flex-col bg-background text-foreground focus:outline-none"
        >
          <div className="flex flex-wrap items-center gap-2 border-b border-border bg-card/95 px-3 py-2 shadow-sm sm:px-5">
            <DialogPrimitive.Title className="mr-auto line-clamp-2 min-w-0 flex-1 font-serif text-lg leading-tight sm:text-2xl">{centreName ? `Stamtræet omkring ${centreName}` : 'Stamtræet'}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="secondary" size="sm">
                <X aria-hidden="true" />
                Luk
              </Button>
            </DialogPrimitive.Close>
          </div>
          {layout ? (
            <Chart
              layout={layout}
              centre={centre}
              onChoose={setChosen}
              more={layout.more ? () => setGenerations((g) => g + GENERATIONS) : null}
            />
          ) : (
            <div className="flex-1 overflow-auto px-4">
              <QueryStatus query={whole} pending="Henter stamtræet..." failed="Stamtræet kunne ikke hentes" />
            </div>
          )}
          {chosen ? (
            <PersonSheet
              person={chosen.person}
              isCentre={chosen.person.id === centre}
              onClose={() => setChosen(null)}
              onCentre={() => {
                setChosen(null);
                setCentre(chosen.person.id);
              }}
              onShowClose={() => {
                onClose();
                onShowClose(chosen.person.id);
              }}
            />
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A round button with its name beside the icon on a wide screen, and as its accessible name always. */
function ZoomButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="secondary" onClick={onClick} title={label} className="ml-auto size-12 px-0 shadow-md sm:w-full sm:justify-start sm:px-4">
      {children}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Button>
  );
}

function Chart({ layout, centre, onChoose, more }: { layout: NonNullable<ReturnType<typeof layoutHourglass>>; centre: string; onChoose: (person: PlacedPerson) => void; more: (() => void) | null }) {
  const viewport = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const behaviour = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const centrePerson = layout.people.find((p) => p.generation === 0 && p.person.id === centre) ?? layout.people[0];

  /**
   * The start, at full size: the whole hourglass in the middle when it fits the screen (a wide
   * one), else the person in focus a little above the middle, with their parents in view.
   */
  const start = () => {
    const box = viewport.current!.getBoundingClientRect();
    const { x0, x1, y0, y1 } = layout.bounds;
    const margin = 24;
    const x = x1 - x0 + 2 * margin <= box.width ? box.width / 2 - (x0 + x1) / 2 : box.width / 2 - (centrePerson?.x ?? 0);
    const y = y1 - y0 + 2 * margin <= box.height ? box.height / 2 - (y0 + y1) / 2 : box.height * 0.45 - (centrePerson?.y ?? 0);
    return zoomIdentity.translate(x, y);
  };

  useLayoutEffect(() => {
    const node = viewport.current!;
    const zoomer = zoom<HTMLDivElement, unknown>()
      .scaleExtent([0.25, 2.5])
      .on('zoom', ({ transform }) => {
        layer.current!.style.transform = `translate(${transform.x}px, ${transform.y}px) scale(${transform.k})`;
      });
    behaviour.current = zoomer;
    select(node).call(zoomer);
    return () => {
      select(node).on('.zoom', null);
    };
  }, []);

  // A new centre (or more generations): back to the start around it, with focus on the person in
  // the middle, from where Tab goes on through the others.
  useLayoutEffect(() => {
    if (behaviour.current) select(viewport.current!).call(behaviour.current.transform, start());
    viewport.current!.querySelector<HTMLElement>('[data-centre="true"]')?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start() reads the layout this effect follows
  }, [layout]);

  const zoomBy = (factor: number) => behaviour.current && select(viewport.current!).call(behaviour.current.scaleBy, factor);
  const panBy = (x: number, y: number) => {
    if (!behaviour.current) return;
    const { k } = zoomTransform(viewport.current!);
    select(viewport.current!).call(behaviour.current.translateBy, x / k, y / k);
  };
  const reset = () => behaviour.current && select(viewport.current!).call(behaviour.current.transform, start());

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, [number, number]> = { ArrowLeft: [PAN_STEP, 0], ArrowRight: [-PAN_STEP, 0], ArrowUp: [0, PAN_STEP], ArrowDown: [0, -PAN_STEP] };
    const move = moves[event.key];
    if (move) panBy(...move);
    else if (event.key === '+' || event.key === '=') zoomBy(1.25);
    else if (event.key === '-') zoomBy(0.8);
    else if (event.key === '0') reset();
    else return;
    event.preventDefault();
  }

  /** A card reached by Tab outside the view is moved into it. */
  function onFocus(person: PlacedPerson) {
    const box = viewport.current!.getBoundingClientRect();
    const card = layer.current!.querySelector<HTMLElement>(`[data-key="${CSS.escape(person.key)}"]`)!.getBoundingClientRect();
    const margin = 16;
    const dx = card.left < box.left + margin ? box.left + margin - card.left : card.right > box.right - margin ? box.right - margin - card.right : 0;
    const dy = card.top < box.top + margin ? box.top + margin - card.top : card.bottom > box.bottom - margin ? box.bottom - margin - card.bottom : 0;
    if (dx || dy) panBy(dx, dy);
  }

  const { x0, y0, x1, y1 } = layout.bounds;
  return (
    <div className="relative min-h-0 flex-1">
      <p id="stamtrae-hjaelp" className="sr-only">
        Piletasterne flytter stamtræet, plus og minus zoomer, og 0 går tilbage til start. Tryk på en person for at se mere.
      </p>
      <div
        ref={viewport}
        onKeyDown={onKeyDown}
        aria-describedby="stamtrae-hjaelp"
        className="absolute inset-0 cursor-grab touch-none overflow-clip bg-background-deep/40 select-none active:cursor-grabbing"
      >
        <div ref={layer} className="absolute top-0 left-0 will-change-transform" style={{ transformOrigin: '0 0' }}>
          <svg aria-hidden="true" className="absolute overflow-visible text-input" style={{ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }} viewBox={`${x0} ${y0} ${x1 - x0} ${y1 - y0}`}>
            {layout.lines.map((line) => (
              <path key={line.key} d={line.d} fill="none" stroke="currentColor" strokeWidth={2} />
            ))}
          </svg>
          <ul aria-label="Personer i stamtræet">
            {layout.people.map((placed) => (
              <ChartCard key={placed.key} placed={placed} isCentre={placed.generation === 0 && placed.person.id === centre} onChoose={onChoose} onFocus={onFocus} />
            ))}
          </ul>
        </div>
      </div>
      {/*
        Outside the zoomed area, so a quick second tap is a second press and not d3-zoom's
        double-tap; over the chart's lower corner, where a thumb reaches them on a phone.
      */}
      <div role="group" aria-label="Flyt og zoom" className="absolute right-3 bottom-3 flex flex-col gap-2 sm:right-5 sm:bottom-5">
        {more ? (
          <Button variant="secondary" size="sm" onClick={more} className="shadow-md">
            Vis flere generationer
          </Button>
        ) : null}
        <ZoomButton label="Zoom ind" onClick={() => zoomBy(1.25)}>
          <Plus aria-hidden="true" />
        </ZoomButton>
        <ZoomButton label="Zoom ud" onClick={() => zoomBy(0.8)}>
          <Minus aria-hidden="true" />
        </ZoomButton>
        <ZoomButton label="Tilbage til start" onClick={reset}>
          <Maximize aria-hidden="true" />
        </ZoomButton>
      </div>
    </div>
  );
}

/**
 * `content-visibility: auto`: a pinch changes the chart's scale every frame, and Chromium records
 * the cards' paint again; only those on screen are then (decision 0032).
 */
function ChartCard({ placed, isCentre, onChoose, onFocus }: { placed: PlacedPerson; isCentre: boolean; onChoose: (p: PlacedPerson) => void; onFocus: (p: PlacedPerson) => void }) {
  const shownYears = placed.person.restricted ? 'Levende' : years(placed.person);
  return (
    <li className="absolute [content-visibility:auto]" style={{ left: placed.x - CARD_W / 2, top: placed.y - CARD_H / 2, width: CARD_W, height: CARD_H }}>
      <button
        type="button"
        data-key={placed.key}
        data-centre={isCentre}
        onClick={() => onChoose(placed)}
        onFocus={() => onFocus(placed)}
        className={cn(
          'flex size-full cursor-pointer items-center gap-2.5 rounded-xl border bg-card px-2.5 text-left hover:bg-secondary',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
          isCentre ? 'border-gold ring-2 ring-gold/60' : 'border-border',
        )}
      >
        <PersonPhoto person={placed.person} size={44} decorative />
        <span className="min-w-0">
          <span className="line-clamp-3 font-serif text-[0.95rem] leading-[1.15] break-words">{personName(placed.person)}</span>
          {shownYears ? <span className="mt-0.5 block text-sm text-muted-foreground">{shownYears}</span> : null}
        </span>
      </button>
    </li>
  );
}
