/**
 * The memorial's music as a player: what plays (title, the family's note, the time), play and
 * pause, the previous and next song as real buttons, and the list to choose from. Nothing sounds
 * until the visitor presses play: a page opened at a grave must never start to play by itself.
 *
 * Uploaded songs play in one <audio> element that fetches nothing before play (preload="none")
 * and then streams by ranges (/media/*). A YouTube song is the privacy-enhanced embed
 * (youtube-nocookie.com, as the gallery's lightbox shows films), put on the page only when the
 * visitor presses play. The Media Session names the song and answers play, pause, next and previous,
 * so a locked phone's controls work too.
 *
 * Drawn by the server on a visitor's page (docs/decisions/0009): nothing here reads the browser
 * while rendering, and a play pressed before the page is alive is pressed again once it is.
 */
import { useEffect, useRef, useState } from 'react';
import { Music, Pause, Play, SkipBack, SkipForward, Sparkles } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { MADE_WITH_AI } from '@/shared/ai';
import { type Song, playTime } from '@/shared/music';

interface MusicPlayerProps {
  songs: Song[];
  memorialName: string;
  className?: string;
}

const ROUND = 'inline-flex shrink-0 cursor-pointer items-center justify-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ring';

export function MusicPlayer({ songs, memorialName, className }: MusicPlayerProps) {
  const [index, setIndex] = useState(0);
  // What the visitor asked for; `playing` is what the audio element says it does.
  const [wanted, setWanted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const current = songs[Math.min(index, songs.length - 1)];
  const many = songs.length > 1;

  const choose = (next: number, play: boolean) => {
    setIndex((next + songs.length) % songs.length);
    setTime(0);
    setLength(null);
    setProblem(null);
    setWanted(play);
  };
  const step = (by: 1 | -1) => choose(index + by, wanted);

  // Start or stop the file as asked: after a press, a choice or the end of the song before.
  useEffect(() => {
    const element = audio.current;
    if (!element || !current) return;
    if (current.source !== 'youtube' && wanted) {
      element.play().catch((error: unknown) => {
        // A pause or another song chosen before it began is no failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setWanted(false);
        setProblem('Sangen kunne ikke afspilles. Prøv igen om lidt.');
      });
    } else if (!element.paused) {
      element.pause();
    }
  }, [current, wanted]);

  // The phone's lock screen and headset buttons.
  useEffect(() => {
    if (!current || typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({ title: current.title, artist: current.note || memorialName, album: `Til minde om ${memorialName}` });
    session.playbackState = wanted ? 'playing' : 'paused';
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => setWanted(true)],
      ['pause', () => setWanted(false)],
      ['nexttrack', many ? () => choose(index + 1, true) : null],
      ['previoustrack', many ? () => choose(index - 1, true) : null],
    ];
    for (const [action, handler] of handlers) session.setActionHandler(action, handler);
    return () => {
      for (const [action] of handlers) session.setActionHandler(action, null);
    };
    // choose is remade every render; index, many and wanted are what it reads.
  }, [current, index, many, wanted, memorialName]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!current) return null;
  const youtube = current.source === 'youtube';
  const sounding = youtube ? wanted : playing;
  const shownLength = length ?? current.durationSeconds;

  return (
    <div className={cn('rounded-xl border border-border bg-card/85 p-5 shadow-sm sm:p-6', className)}>
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="mt-1 hidden size-12 shrink-0 items-center justify-center rounded-full bg-memorial-accent/15 text-memorial-accent-text sm:flex">
          <Music className="size-6" />
        </span>
        <div className="min-w-0 flex-1" aria-live="polite">
          <p className="text-sm font-semibold tracking-[0.12em] text-memorial-accent-text uppercase">{sounding ? 'Spiller nu' : 'Klar til at spille'}</p>
          <p className="mt-1 font-serif text-2xl leading-snug break-words">{current.title}</p>
          {current.note ? <p className="mt-1 text-base break-words text-muted-foreground dark:text-foreground/80">{current.note}</p> : null}
          {current.source === 'ai' ? <MadeWithAi className="mt-2" /> : null}
        </div>
      </div>

      {youtube ? (
        wanted ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${current.youtubeId}?autoplay=1&rel=0`}
            title={`${current.title} (YouTube)`}
            allow="autoplay; encrypted-media; picture-in-picture"
            className="mt-5 aspect-video w-full rounded-lg border border-border"
          />
        ) : (
          <p className="mt-4 text-base text-muted-foreground dark:text-foreground/80">Sangen afspilles fra YouTube, når du trykker på Afspil.</p>
        )
      ) : (
        <p className="mt-4 font-sans text-base text-muted-foreground tabular-nums dark:text-foreground/80">
          <span className="sr-only">Tid: </span>
          {playTime(time)}
          {shownLength ? ` / ${playTime(shownLength)}` : null}
        </p>
      )}
      {!youtube ? (
        <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted">
          <div className="h-full rounded-full bg-memorial-accent transition-[width] duration-300" style={{ width: shownLength ? `${Math.min(100, (time / shownLength) * 100)}%` : '0%' }} />
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-3 text-base font-semibold text-destructive">
          {problem}
        </p>
      ) : null}

      <div className="mt-5 flex items-center justify-center gap-4">
        {many ? (
          <button type="button" onClick={() => step(-1)} aria-label="Forrige sang" className={cn(ROUND, 'size-14 border border-input/70 bg-card text-foreground hover:bg-secondary')}>
            <SkipBack className="size-6" aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => {
            setProblem(null);
            setWanted(!sounding);
          }}
          aria-label={sounding ? `Pause: ${current.title}` : `Afspil: ${current.title}`}
          className={cn(ROUND, 'min-h-16 gap-2 bg-primary px-7 text-lg font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover')}
        >
          {sounding ? <Pause className="size-7" aria-hidden="true" /> : <Play className="size-7" aria-hidden="true" />}
          <span aria-hidden="true">{sounding ? 'Pause' : 'Afspil'}</span>
        </button>
        {many ? (
          <button type="button" onClick={() => step(1)} aria-label="Næste sang" className={cn(ROUND, 'size-14 border border-input/70 bg-card text-foreground hover:bg-secondary')}>
            <SkipForward className="size-6" aria-hidden="true" />
          </button>
        ) : null}
      </div>

      {/* A song made with AI: its words, under the buttons so opening them moves nothing above. */}
      {current.lyrics ? <Lyrics key={current.id} title={current.title} lyrics={current.lyrics} /> : null}

      {/* One element for every uploaded song: it fetches nothing until play is pressed. */}
      <audio
        ref={audio}
        src={youtube ? undefined : (current.url ?? undefined)}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => Number.isFinite(event.currentTarget.duration) && setLength(event.currentTarget.duration)}
        // On to the next song the visitor started listening to; a YouTube song waits for its own press.
        onEnded={() => (many && index < songs.length - 1 ? choose(index + 1, songs[index + 1]!.source !== 'youtube') : setWanted(false))}
      />

      {many ? (
        <ol aria-label="Sange" className="mt-6 divide-y divide-border border-t border-border">
          {songs.map((song, i) => (
            <li key={song.id}>
              <button
                type="button"
                onClick={() => choose(i, true)}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'flex min-h-14 w-full cursor-pointer items-center gap-3 px-2 py-3 text-left hover:bg-secondary focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-ring',
                  i === index && 'bg-memorial-accent/10',
                )}
              >
                <span aria-hidden="true" className="w-6 shrink-0 text-center font-sans text-base text-muted-foreground tabular-nums">
                  {i === index && sounding ? <Play className="mx-auto size-4 text-memorial-accent-text" /> : i + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-lg leading-snug break-words">{song.title}</span>
                  {song.note ? <span className="block text-sm break-words text-muted-foreground dark:text-foreground/80">{song.note}</span> : null}
                </span>
                <span className="shrink-0 text-right text-sm text-muted-foreground tabular-nums dark:text-foreground/80">
                  {song.source === 'ai' ? <span className="block">AI</span> : null}
                  {song.source === 'youtube' ? 'YouTube' : song.durationSeconds ? playTime(song.durationSeconds) : null}
                </span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** "Skabt med AI": every song made with AI says so, wherever it is played. */
function MadeWithAi({ className }: { className?: string }) {
  return (
    <p className={cn('inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-0.5 text-sm font-semibold text-muted-foreground dark:text-foreground/80', className)}>
      <Sparkles className="size-4" aria-hidden="true" />
      {MADE_WITH_AI}
    </p>
  );
}

/** A song's words, folded away until asked for; plain text, its lines kept. */
function Lyrics({ title, lyrics }: { title: string; lyrics: string }) {
  return (
    <details className="group mt-5 rounded-lg border border-border bg-card/70">
      <summary className="flex min-h-12 cursor-pointer items-center px-4 text-base font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <span>Sangtekst</span>
        <span className="sr-only">: {title}</span>
        <span aria-hidden="true" className="ml-auto text-muted-foreground transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <p className="border-t border-border px-4 py-4 font-serif text-lg leading-relaxed break-words whitespace-pre-line">{lyrics}</p>
    </details>
  );
}
