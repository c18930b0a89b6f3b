/**
 * The picture with the crop frame on it. The frame is moved by dragging inside it and resized by
 * its handles, with a mouse or a finger (pointer events, captured so a drag may leave the frame),
 * and by keyboard once focused: arrows move it, Shift and arrows resize it. Everything here works
 * in the turned picture's pixels (crop-geometry.ts); the screen only scales them.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/client/lib/cn';
import { type Edges, type Rect, type Rotation, type Size, keyStep, moveRect, resizeRect } from './crop-geometry';
import { TurnedImage } from './TurnedImage';

interface CropStageProps {
  src: string;
  original: Size;
  rotate: Rotation;
  /** The turned picture's size: the frame's coordinates. */
  turned: Size;
  rect: Rect;
  /** Width over height the frame keeps, or null for a free frame. */
  ratio: number | null;
  onChange: (rect: Rect) => void;
  hintId: string;
}

const CORNERS: { edges: Edges; place: string; cursor: string }[] = [
  { edges: { left: true, top: true }, place: 'left-0 top-0', cursor: 'cursor-nwse-resize' },
  { edges: { right: true, top: true }, place: 'left-full top-0', cursor: 'cursor-nesw-resize' },
  { edges: { left: true, bottom: true }, place: 'left-0 top-full', cursor: 'cursor-nesw-resize' },
  { edges: { right: true, bottom: true }, place: 'left-full top-full', cursor: 'cursor-nwse-resize' },
];
/** Side handles only for a free frame: with a fixed format a side alone cannot keep it. */
const SIDES: { edges: Edges; place: string; cursor: string }[] = [
  { edges: { top: true }, place: 'left-1/2 top-0', cursor: 'cursor-ns-resize' },
  { edges: { bottom: true }, place: 'left-1/2 top-full', cursor: 'cursor-ns-resize' },
  { edges: { left: true }, place: 'left-0 top-1/2', cursor: 'cursor-ew-resize' },
  { edges: { right: true }, place: 'left-full top-1/2', cursor: 'cursor-ew-resize' },
];

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  start: Rect;
  /** null: the whole frame moves. */
  edges: Edges | null;
  /** Picture pixels per screen pixel, measured when the drag began. */
  scale: number;
}

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

export function CropStage({ src, original, rotate, turned, rect, ratio, onChange, hintId }: CropStageProps) {
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [dragging, setDragging] = useState(false);

  function begin(event: PointerEvent<HTMLElement>, edges: Edges | null) {
    if (event.button !== 0 || drag.current) return;
    event.stopPropagation();
    const width = stage.current?.getBoundingClientRect().width;
    if (!width) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, start: rect, edges, scale: turned.width / width };
    setDragging(true);
  }

  function follow(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = (event.clientX - current.startX) * current.scale;
    const dy = (event.clientY - current.startY) * current.scale;
    onChange(current.edges ? resizeRect(current.start, current.edges, dx, dy, turned, ratio) : moveRect(current.start, dx, dy, turned));
  }

  function end(event: PointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = keyStep(event.key, event.shiftKey, rect, turned, ratio);
    if (!next) return;
    // The arrows would otherwise scroll the page as well.
    event.preventDefault();
    onChange(next);
  }

  const handles = ratio === null ? [...CORNERS, ...SIDES] : CORNERS;
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  // Everything outside the frame is dimmed, in four strips around it.
  const shades = [
    { left: 0, top: 0, width: turned.width, height: rect.y },
    { left: 0, top: bottom, width: turned.width, height: turned.height - bottom },
    { left: 0, top: rect.y, width: rect.x, height: rect.height },
    { left: right, top: rect.y, width: turned.width - right, height: rect.height },
  ];
  return (
    // The margin leaves room for the handles' finger-sized grips when the frame reaches the edge.
    <div className="p-[22px]">
      <div
        ref={stage}
        className="relative mx-auto bg-muted"
        style={{ aspectRatio: `${turned.width} / ${turned.height}`, width: `min(100%, calc(var(--crop-stage-height) * ${turned.width / turned.height}))` }}
      >
        <div className="absolute inset-0 overflow-hidden">
          <TurnedImage src={src} original={original} rotate={rotate} onLoad={() => setLoaded(true)} onError={() => setFailed(true)} />
        </div>
        {!loaded && !failed ? (
          <p role="status" className="absolute inset-0 flex items-center justify-center p-4 text-center text-muted-foreground">
            Henter billedet...
          </p>
        ) : null}
        {failed ? (
          <p role="alert" className="absolute inset-0 flex items-center justify-center p-4 text-center">
            Billedet kunne ikke vises. Tjek din internetforbindelse, og hent siden igen.
          </p>
        ) : null}
        {loaded
          ? shades.map((shade, index) => (
              <span
                key={index}
                aria-hidden="true"
                className="pointer-events-none absolute bg-[rgba(20,16,12,0.6)]"
                style={{ left: percent(shade.left, turned.width), top: percent(shade.top, turned.height), width: percent(shade.width, turned.width), height: percent(shade.height, turned.height) }}
              />
            ))
          : null}
        <div
          role="group"
          aria-label="Udsnit"
          aria-describedby={hintId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={(event) => begin(event, null)}
          onPointerMove={follow}
          onPointerUp={end}
          onPointerCancel={end}
          className={cn(
            'absolute touch-none outline-2 outline-white select-none',
            'shadow-[0_0_0_1px_rgba(0,0,0,0.55),inset_0_0_0_1px_rgba(0,0,0,0.35)]',
            'focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-ring',
            dragging ? 'cursor-grabbing' : 'cursor-grab',
            !loaded && 'invisible',
          )}
          style={{ left: percent(rect.x, turned.width), top: percent(rect.y, turned.height), width: percent(rect.width, turned.width), height: percent(rect.height, turned.height) }}
        >
          {/* Thirds, as a camera shows them: a help for placing a face or a horizon. */}
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-1/3 w-1/3 border-x border-white/45" />
          <span aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-1/3 h-1/3 border-y border-white/45" />
          {handles.map(({ edges, place, cursor }) => (
            <span
              key={Object.keys(edges).join('-')}
              aria-hidden="true"
              data-handle={Object.keys(edges).join('-')}
              onPointerDown={(event) => begin(event, edges)}
              // 44 px to hit with a finger, a small knob to see.
              className={cn('absolute z-10 flex size-11 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center', place, cursor)}
            >
              <span className="size-[18px] rounded-full border-2 border-white bg-neutral-900/85 shadow-[0_0_0_1px_rgba(0,0,0,0.5)]" />
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
