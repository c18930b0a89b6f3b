/**
 * /memorial/{id}/music: the memorial's music. Visitors listen here as on the memorial page; the
 * owner and co-admins add songs (a file or a YouTube link), write their titles and notes, put them
 * in order and remove them. Music is Premium's: without it the family is told so calmly, with the
 * way to /subscription, and still tends the songs it has. The server decides every permission.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { usePageTitle } from '@/client/lib/page-title';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { PremiumLink } from '@/client/memorials/premium/PremiumNote';
import type { Song } from '@/shared/music';
import type { Playlist } from '@/shared/music-api';
import { PREMIUM_MESSAGES } from '@/shared/premium';
import { UploadSongForm, YoutubeSongForm } from './AddSong';
import { MusicPlayer } from './MusicPlayer';
import { type MoveStep, SongCard } from './SongCard';
import { useMusicChanged, usePlaylist } from './use-playlist';

export default function MusicPage() {
  const { id = '' } = useParams();
  const playlist = usePlaylist(id);
  usePageTitle(playlist.data ? `Musik – ${playlist.data.memorial.name}` : 'Musik');
  if (!playlist.data) {
    return (
      <PageShell>
        <QueryStatus
          query={playlist}
          pending="Henter musikken..."
          failed="Musikken kunne ikke hentes"
          refusals={{
            404: {
              title: 'Mindesiden findes ikke',
              text: `${playlist.error?.message ?? ''} Er den privat, kan du bede familien om en invitation.`,
              action: <Link to="/">Gå til forside</Link>,
            },
            410: { title: 'Mindesiden er slettet', text: errorMessage(playlist.error), action: <Link to="/">Gå til forside</Link> },
          }}
        />
      </PageShell>
    );
  }
  return <Music idOrSlug={id} playlist={playlist.data} />;
}

function Music({ idOrSlug, playlist }: { idOrSlug: string; playlist: Playlist }) {
  const { memorial, songs, canEdit } = playlist;
  const address = encodeURIComponent(memorial.slug);
  return (
    <PageShell>
      <div data-memorial-theme={memorial.theme} className="memorial-paper">
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
          <Link to={`/memorial/${address}`} className="inline-flex min-h-11 items-center gap-2 font-semibold text-muted-foreground hover:text-foreground">
            <ArrowLeft className="size-5" aria-hidden="true" />
            Til mindesiden
          </Link>
          <p className="mt-4 text-sm font-semibold tracking-[0.16em] break-words text-memorial-accent-text uppercase">{memorial.name}</p>
          <h1 className="mt-2 text-4xl sm:text-5xl">Musik</h1>
          {songs.length ? (
            <MusicPlayer songs={songs} memorialName={memorial.name} className="mt-8" />
          ) : (
            <p className="mt-6 text-lg text-muted-foreground dark:text-foreground/80">
              {canEdit ? 'Der er ingen sange på mindesiden endnu.' : 'Familien har ikke lagt musik på mindesiden.'}
            </p>
          )}
          {canEdit ? <FamilyMusic idOrSlug={idOrSlug} playlist={playlist} /> : null}
        </div>
      </div>
    </PageShell>
  );
}

function FamilyMusic({ idOrSlug, playlist }: { idOrSlug: string; playlist: Playlist }) {
  const { memorial, songs } = playlist;
  const music = useMusicChanged(idOrSlug);
  // Kept after closing, so the closing dialog still names the song.
  const [doomed, setDoomed] = useState<{ song: Song; opener: HTMLButtonElement } | null>(null);
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const base = `/api/memorials/${encodeURIComponent(memorial.id)}/music`;

  const added = (song: Song) => {
    music.update((old) => ({ ...old, songs: [...old.songs, song] }));
    void music.refresh();
    toast({ title: 'Sangen er lagt på mindesiden', description: song.title });
  };

  // Quick presses are queued, not dropped: each sends the order as it then stood, and the shared
  // scope sends them one after another, so they reach the server in the order they were pressed.
  // The list is read back only after the last, or it would flick back to an order in between.
  const ordersOnTheirWay = useRef(0);
  const reorder = useMutation({
    mutationFn: (order: Song[]) => apiRequest<{ songs: Song[] }>('PUT', `${base}/order`, { body: { songIds: order.map((song) => song.id) } }),
    scope: { id: `${base}/order` },
    onSuccess: () => {
      if (ordersOnTheirWay.current === 1) void music.refresh();
    },
    onSettled: () => {
      ordersOnTheirWay.current -= 1;
    },
    onError: (error) => {
      toast({ title: 'Rækkefølgen blev ikke gemt', description: errorMessage(error), variant: 'destructive' });
      void music.refresh();
    },
  });
  // Focus follows a moved song to its new place, once the list is drawn in its new order.
  // (The list's new order arrives through the query cache, a render after this page's own state.)
  const follow = useRef<{ id: string; at: number; step: MoveStep } | null>(null);
  useEffect(() => {
    const moved = follow.current;
    if (!moved || songs[moved.at]?.id !== moved.id) return;
    moveButtons.current.get(`${moved.id}:${moved.step}`)?.focus();
    follow.current = null;
  }, [songs]);
  const move = async (index: number, step: MoveStep) => {
    const order = [...songs];
    const [song] = order.splice(index, 1);
    order.splice(index + step, 0, song!);
    // A list fetched before the move (after adding a song) would put the old order back, and
    // moving the focused card in the page would drop the focus.
    await music.cancel();
    // At an end of the list, to the button that can still move it.
    const to = index + step;
    follow.current = { id: song!.id, at: to, step: to === 0 ? 1 : to === order.length - 1 ? -1 : step };
    music.update((old) => ({ ...old, songs: order }));
    ordersOnTheirWay.current += 1;
    reorder.mutate(order);
  };

  const remove = useMutation({
    mutationFn: (song: Song) => apiRequest<null>('DELETE', `${base}/${song.id}`),
    onSuccess: (_nothing, song) => {
      music.update((old) => ({ ...old, songs: old.songs.filter((each) => each.id !== song.id) }));
      void music.refresh();
      setAsking(false);
      toast({ title: 'Sangen er slettet', description: song.title });
    },
    onError: (error) => toast({ title: 'Sangen blev ikke slettet', description: errorMessage(error), variant: 'destructive' }),
  });

  return (
    <section aria-labelledby="rediger" className="mt-14 border-t border-border pt-10">
      <h2 id="rediger" ref={heading} tabIndex={-1} className="text-3xl">
        Musikken på mindesiden
      </h2>
      <p className="mt-3 text-lg text-muted-foreground dark:text-foreground/80">
        Læg de sange og salmer på siden, som betød noget. Besøgende hører dem kun, når de selv trykker på Afspil.
      </p>

      {memorial.premium ? (
        <div className="mt-8 space-y-10">
          <div className="rounded-xl border border-border bg-card p-5 shadow-xs sm:p-6">
            <h3 className="text-2xl">Upload en sang</h3>
            <div className="mt-5">
              <UploadSongForm memorialId={memorial.id} onAdded={added} />
            </div>
          </div>
          <div className="rounded-xl border border-border bg-card p-5 shadow-xs sm:p-6">
            <h3 className="text-2xl">Eller en sang fra YouTube</h3>
            <div className="mt-5">
              <YoutubeSongForm memorialId={memorial.id} onAdded={added} />
            </div>
          </div>
        </div>
      ) : (
        <div className="mt-8 rounded-xl border border-gold/40 bg-gold-soft/60 px-5 py-5 text-lg">
          <p>{PREMIUM_MESSAGES.music}</p>
          {songs.length ? <p className="mt-2">De sange, I allerede har lagt på siden, er gemt. Besøgende hører dem igen, når mindesiden har Premium.</p> : null}
          <p className="mt-3">
            <PremiumLink>Se hvad Premium koster</PremiumLink>
          </p>
        </div>
      )}

      {songs.length ? (
        <>
          <h3 className="mt-12 text-2xl">Sangene i rækkefølge</h3>
          <ol className="mt-5 space-y-5">
            {songs.map((song, index) => (
              <SongCard
                key={song.id}
                memorialId={memorial.id}
                song={song}
                index={index}
                total={songs.length}
                onMove={(index, step) => void move(index, step)}
                onDelete={(chosen, opener) => {
                  setDoomed({ song: chosen, opener });
                  setAsking(true);
                }}
                onSaved={(saved) => {
                  music.update((old) => ({ ...old, songs: old.songs.map((each) => (each.id === saved.id ? saved : each)) }));
                  void music.refresh();
                }}
                moveButtonRef={(id, step, button) => {
                  if (button) moveButtons.current.set(`${id}:${step}`, button);
                  else moveButtons.current.delete(`${id}:${step}`);
                }}
              />
            ))}
          </ol>
        </>
      ) : null}

      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Slet sangen?"
        confirmLabel="Slet sangen"
        pendingLabel="Sletter..."
        pending={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed.song)}
        onCloseAutoFocus={(event) => {
          // Cancelled: back to the button that asked. Deleted: that button left with its song.
          if (doomed?.opener.isConnected) return;
          event.preventDefault();
          heading.current?.focus();
        }}
      >
        <p>
          Du er ved at slette “{doomed?.song.title}” fra mindesiden for {memorial.name}. Det kan ikke fortrydes.
        </p>
      </ConfirmDialog>
    </section>
  );
}
