/**
 * What visitors leave on a memorial, as the page shows it (PRODUCT.md "What visitors leave, and
 * moderation"): a candle to light with the count of those lit, the family's own words, shared
 * memories and the guestbook, read like a printed book. Everything a visitor wrote is set as text.
 *
 * The approved posts arrive drawn by the server (use-posts.ts); the forms are a part of their own
 * (PostForm.tsx, with react-hook-form and zod), fetched only when a visitor opens one, and the
 * reader's own waiting posts appear once the app has taken the page over.
 */
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useUser } from '@/client/lib/use-user';
import { Button, buttonClass } from '@/client/components/ui/button';
import { Flame, Ornament } from '@/client/components/ui/ornament';
import type { Memorial } from '@/shared/memorials';
import type { Post, PostKind, PostPhoto, PostsResponse, WhoMayPost } from '@/shared/posts-api';
import { Picture } from '../Picture';
import { RETRY_MS, keepCandle, sendWaitingCandles, subscribe, waitingCount } from './candle-queue';
import { candleCount, postDate, postsOfKind, withPosted } from './posts';
import { postsKey, usePosts } from './use-posts';

const PostForm = lazy(() => import('./PostForm'));

const EMPTY: PostsResponse = { posts: [], waiting: [], candles: 0, whoMayPost: 'everyone' };

/** What each kind's section says; `login` completes "Log ind for at …". */
const WORDS: Record<PostKind, { open: string; login: string; thanks: string; waitingThanks: string; empty: string }> = {
  candle: {
    open: 'Tænd dit lys',
    login: 'tænde et lys',
    thanks: 'Tak. Dit lys brænder nu.',
    waitingThanks: 'Tak. Dit lys tændes, når familien har set det.',
    empty: '',
  },
  guestbook: {
    open: 'Skriv i gæstebogen',
    login: 'skrive i gæstebogen',
    thanks: 'Tak for din hilsen.',
    waitingThanks: 'Tak for din hilsen. Den vises, når familien har set den.',
    empty: 'Gæstebogen venter på den første hilsen.',
  },
  memory: {
    open: 'Del et minde',
    login: 'dele et minde',
    thanks: 'Tak for dit minde.',
    waitingThanks: 'Tak for dit minde. Det vises, når familien har set det.',
    empty: 'Ingen har delt et minde endnu.',
  },
  tribute: {
    open: 'Skriv mindeord',
    login: 'skrive mindeord',
    thanks: 'Jeres mindeord er tilføjet.',
    waitingThanks: 'Jeres mindeord vises, når de er godkendt.',
    empty: 'Familien har ikke skrevet mindeord endnu.',
  },
};

function WaitingMark() {
  return (
    <span className="inline-flex items-center rounded-full border border-memorial-accent/50 bg-memorial-accent/10 px-2.5 py-0.5 font-sans text-sm font-semibold text-memorial-accent-text not-italic">
      Venter på godkendelse
    </span>
  );
}

/** A "Vis flere" button for a list longer than what is shown. */
function useShown(total: number, first: number, step: number) {
  const [count, setCount] = useState(first);
  const more =
    total > count ? (
      <div className="mt-8 text-center">
        <Button type="button" variant="secondary" onClick={() => setCount((c) => c + step)}>
          Vis flere ({total - count})
        </Button>
      </div>
    ) : null;
  return { count, more };
}

/**
 * Under a section: the button that opens its form, the form, a thank-you, or why one cannot post
 * here (nobody may for now; or only people who are logged in).
 */
function PostAction({ memorial, kind, whoMayPost, onPosted }: { memorial: Memorial; kind: PostKind; whoMayPost: WhoMayPost; onPosted: (post: Post) => void }) {
  const { user } = useUser();
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const words = WORDS[kind];
  // The form the person was in is gone: move them to what replaced it, so a screen reader reads it.
  useEffect(() => {
    if (thanks) thanksRef.current?.focus();
  }, [thanks]);

  if (whoMayPost === 'nobody') {
    return <p className="text-center text-muted-foreground">Familien tager ikke imod lys og hilsner på mindesiden lige nu.</p>;
  }
  if (whoMayPost === 'users' && !user) {
    return (
      <p className="text-center">
        <Link to={`/login?redirect=${encodeURIComponent(`/memorial/${memorial.slug}`)}`} className={buttonClass('secondary', 'md')}>
          Log ind for at {words.login}
        </Link>
      </p>
    );
  }
  if (open) {
    return (
      <Suspense fallback={<p className="text-center text-muted-foreground">Et øjeblik...</p>}>
        <PostForm
          memorialId={memorial.id}
          kind={kind}
          defaultName={kind === 'tribute' ? (user?.fullName ?? '') : ''}
          onCancel={() => {
            setOpen(false);
            requestAnimationFrame(() => opener.current?.focus());
          }}
          onPosted={(post) => {
            onPosted(post);
            setOpen(false);
            setThanks(post.status === 'approved' ? words.thanks : words.waitingThanks);
          }}
          onOffline={(body) => {
            keepCandle(memorial.id, body);
            setOpen(false);
            setThanks('Der er ingen forbindelse lige nu, men dit lys er gemt.');
          }}
        />
      </Suspense>
    );
  }
  return (
    <div className="text-center">
      {thanks ? (
        <p ref={thanksRef} tabIndex={-1} role="status" className="mb-5 font-serif text-lg text-foreground italic outline-none">
          {thanks}
        </p>
      ) : null}
      <Button ref={opener} type="button" size="lg" variant={kind === 'candle' ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
        {kind === 'candle' ? <Flame className="h-5 w-4" /> : null}
        {words.open}
      </Button>
    </div>
  );
}

/** The big candle: its flame sways (styles.css, .candle-flame), and stands still for those who ask for less motion. */
function Candle() {
  return (
    <svg viewBox="0 0 80 150" aria-hidden="true" className="mx-auto h-36 w-20">
      <defs>
        <radialGradient id="candle-glow-gradient">
          <stop offset="0%" stopColor="#ffd27a" stopOpacity="0.75" />
          <stop offset="100%" stopColor="#ffd27a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="candle-wax-gradient" x1="0" x2="1">
          <stop offset="0%" stopColor="#efe3cc" />
          <stop offset="55%" stopColor="#fbf5ea" />
          <stop offset="100%" stopColor="#e4d5b9" />
        </linearGradient>
      </defs>
      <circle className="candle-glow" cx="40" cy="38" r="36" fill="url(#candle-glow-gradient)" />
      <g className="candle-flame">
        <path d="M40 14c2.4 9 11 15 11 26a11 11 0 0 1-22 0c0-9 7.4-13.5 11-26Z" fill="#f2a93b" />
        <path d="M40 28c1.2 4.6 5.4 7.6 5.4 12.6a5.4 5.4 0 0 1-10.8 0c0-4.4 3.6-6.6 5.4-12.6Z" fill="#fff3d6" />
      </g>
      <rect x="39" y="46" width="2" height="10" rx="1" fill="#4a3a2a" />
      <rect x="25" y="55" width="30" height="90" rx="5" fill="url(#candle-wax-gradient)" stroke="#d9c7a6" />
      <path d="M25 62c4 0 5 7 8 7s3-7 7-7" fill="none" stroke="#e2d2b4" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Candles lit here with no network (candle-queue.ts): how many wait, and sending them when the
 * browser is online again, or every RETRY_MS while they wait; then what became of them, in words
 * on the page (where the candle was lit, not in a toast that passes while the phone is in a pocket).
 */
function WaitingCandles({ memorialId, onPosted }: { memorialId: string; onPosted: (post: Post) => void }) {
  const count = useSyncExternalStore(
    subscribe,
    () => waitingCount(memorialId),
    () => 0,
  );
  const [news, setNews] = useState<string | null>(null);
  const waiting = count > 0;
  // The page's newest onPosted, without sending again each time the page draws.
  const posted = useRef(onPosted);
  useEffect(() => {
    posted.current = onPosted;
  });
  useEffect(() => {
    if (!waiting) return;
    const tryNow = () =>
      void sendWaitingCandles(memorialId, {
        sent(post) {
          posted.current(post);
          setNews('Dit lys er tændt. Det blev sendt, da forbindelsen kom igen.');
        },
        refused: (message) => setNews(`Dit lys blev ikke tændt: ${message}`),
      });
    tryNow();
    window.addEventListener('online', tryNow);
    const timer = setInterval(tryNow, RETRY_MS);
    return () => {
      window.removeEventListener('online', tryNow);
      clearInterval(timer);
    };
  }, [waiting, memorialId]);
  if (!waiting && !news) return null;
  return (
    <p role="status" className="mx-auto mt-5 flex max-w-md items-start justify-center gap-2 text-center text-muted-foreground">
      <Flame className={waiting ? 'mt-1 h-5 w-3.5 shrink-0 text-muted-foreground/60' : 'mt-1 h-5 w-3.5 shrink-0 text-memorial-accent'} />
      {waiting ? `${count === 1 ? 'Dit lys venter' : `${count} lys venter`} på forbindelse og bliver tændt, så snart der er net.` : news}
    </p>
  );
}

function CandleSection({ memorial, data, onPosted }: { memorial: Memorial; data: PostsResponse; onPosted: (post: Post) => void }) {
  const { waiting, approved } = postsOfKind(data, 'candle');
  const all = [...waiting, ...approved];
  const { count, more } = useShown(all.length, 6, 12);
  return (
    <section aria-labelledby="taend-et-lys" className="candle-section rounded-2xl border border-border bg-card/85 px-5 py-10 shadow-sm sm:px-10">
      <div className="text-center">
        <Candle />
        <h2 id="taend-et-lys" className="mt-4 text-3xl">
          Tænd et lys
        </h2>
        <p className="mt-3 font-serif text-xl text-memorial-accent-text">{candleCount(data.candles)}</p>
        <p className="mx-auto mt-2 max-w-md text-muted-foreground">Et lys til minde om {memorial.name}. Skriv en kort hilsen, hvis du vil.</p>
      </div>
      <div className="mt-8">
        <PostAction memorial={memorial} kind="candle" whoMayPost={data.whoMayPost} onPosted={onPosted} />
        <WaitingCandles memorialId={memorial.id} onPosted={onPosted} />
      </div>
      {all.length ? (
        <>
          <ul aria-label="Tændte lys" className="mt-10 divide-y divide-border/70 border-t border-border/70">
            {all.slice(0, count).map((post) => (
              <li key={post.id} className="flex gap-4 py-5">
                <Flame className={post.status === 'approved' ? 'mt-1 h-6 w-4 shrink-0 text-memorial-accent' : 'mt-1 h-6 w-4 shrink-0 text-muted-foreground/50'} />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <span className="font-semibold break-words">{post.name}</span>
                    <span className="text-sm text-muted-foreground">{postDate(post.createdAt)}</span>
                    {post.status === 'approved' ? null : <WaitingMark />}
                  </p>
                  {post.message ? <p className="mt-1 font-serif text-lg leading-relaxed break-words whitespace-pre-line italic">{post.message}</p> : null}
                </div>
              </li>
            ))}
          </ul>
          {more}
        </>
      ) : null}
    </section>
  );
}

const REM = 16;

/**
 * A memory's photo as a book prints one: centred above the words on a narrow mat, narrower than
 * the column of text on a wide screen, at most 24rem tall (a portrait photo does not fill the
 * screen), and never larger than it is.
 */
function BookPhoto({ photo, author }: { photo: PostPhoto; author: string }) {
  const px = Math.min(30 * REM, (24 * REM * photo.width) / photo.height, photo.width);
  return (
    <figure className="mx-auto mb-7 max-w-full rounded-[3px] border border-memorial-accent/30 bg-card p-2 shadow-sm" style={{ width: `calc(${Math.round(px)}px + 1rem + 2px)` }}>
      <Picture item={photo} sizes={`(min-width: 640px) ${Math.round(px)}px, calc(100vw - 4rem)`} alt={`Billede delt af ${author}`} className="block h-auto w-full bg-muted" />
    </figure>
  );
}

/** The guestbook, the shared memories and the family's words: a page of a printed book each. */
function BookSection({ id, title, intro, posts, action }: { id: string; title: string; intro: string; posts: Post[]; action: ReactNode }) {
  const { count, more } = useShown(posts.length, 5, 10);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-center text-3xl">
        {title}
      </h2>
      <Ornament className="mt-4 text-memorial-accent" />
      <p className="mx-auto mt-4 max-w-md text-center text-muted-foreground">{intro}</p>
      <div className="mt-8">{action}</div>
      {posts.length ? (
        <>
          <ol className="mt-10 space-y-10">
            {posts.slice(0, count).map((post) => (
              <li key={post.id} className="book-entry">
                {post.status === 'approved' ? null : (
                  <p className="mb-3">
                    <WaitingMark />
                  </p>
                )}
                {post.photo ? <BookPhoto photo={post.photo} author={post.name} /> : null}
                <p className="font-serif text-[1.1875rem] leading-[1.8] break-words whitespace-pre-line">{post.message}</p>
                <p className="mt-4 text-right">
                  <span className="font-serif text-lg break-words italic">– {post.name}</span>
                  <span className="block text-sm tracking-[0.08em] text-muted-foreground uppercase">{postDate(post.createdAt)}</span>
                </p>
              </li>
            ))}
          </ol>
          {more}
        </>
      ) : null}
    </section>
  );
}

export function MemorialPosts({ memorial }: { memorial: Memorial }) {
  const query = usePosts(memorial.id);
  const queryClient = useQueryClient();
  const data = query.data ?? EMPTY;
  const member = memorial.viewer.role !== null;
  const onPosted = (post: Post) => queryClient.setQueryData<PostsResponse>(postsKey(memorial.id), (old) => withPosted(old ?? EMPTY, post));
  const book = (kind: Exclude<PostKind, 'candle'>) => {
    const { waiting, approved } = postsOfKind(data, kind);
    return [...waiting, ...approved];
  };
  const tributes = book('tribute');
  const action = (kind: PostKind) => <PostAction memorial={memorial} kind={kind} whoMayPost={data.whoMayPost} onPosted={onPosted} />;
  const emptyOr = (kind: PostKind, posts: Post[], intro: string) => (posts.length ? intro : `${WORDS[kind].empty} ${intro}`);

  return (
    <div className="memorial-posts space-y-20">
      <CandleSection memorial={memorial} data={data} onPosted={onPosted} />
      {tributes.length || member ? (
        <BookSection
          id="mindeord"
          title="Mindeord fra familien"
          intro={tributes.length ? 'Skrevet af dem, der stod nærmest.' : 'Skriv de ord, familien vil mindes med.'}
          posts={tributes}
          action={member ? action('tribute') : null}
        />
      ) : null}
      <BookSection id="minder" title="Minder" intro={emptyOr('memory', book('memory'), 'Fortæl om et øjeblik, I delte.')} posts={book('memory')} action={action('memory')} />
      <BookSection id="gaestebog" title="Gæstebog" intro={emptyOr('guestbook', book('guestbook'), 'Skriv en hilsen til familien.')} posts={book('guestbook')} action={action('guestbook')} />
    </div>
  );
}
