/**
 * "Hent mindesiden som arkiv" on /edit-memorial/{slug}#arkiv (issue 26): the whole memorial as a
 * ZIP of a small website that opens from the family's own computer with no network, and with no
 * Mindested, plus the same in JSON for a program (shared/memorial-archive.ts).
 *
 * A memorial of ordinary size is a plain link, as the memorial book is: the browser fetches the
 * ZIP the way it fetches any file and shows its own progress. A large one is ordered instead; the
 * server makes it in the background and e-mails the one who ordered it, with a link back here,
 * where the finished file waits for some days. While it is being made the page asks again every
 * ten seconds, so a family who stays sees it turn ready without reloading.
 */
import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, Download, Mail } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button, buttonClass } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import {
  ARCHIVE_KEPT_DAYS,
  ARCHIVE_MESSAGES,
  ARCHIVE_START_PAGE,
  type ArchiveSummary,
  type BackgroundArchive,
  archiveRequestUrl,
  archiveSummaryUrl,
  archiveZipUrl,
  readyArchiveUrl,
} from '@/shared/memorial-archive';
import type { Memorial } from '@/shared/memorials';
import { EditSection } from '../EditSection';
import { aboutSize, archiveContents, danishDay, danishDayAndTime } from './archive-words';

// "Not allowed" will not change by asking again; a dropped connection might.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status > 0) && failures < 1;

/** How often the page asks again while the archive is being made. */
const WAITING_POLL_MS = 10_000;

const archiveKey = (memorialId: string) => ['memorial-archive', memorialId] as const;

export function ArchiveSection({ memorial }: { memorial: Memorial }) {
  const summary = useQuery({
    queryKey: archiveKey(memorial.id),
    queryFn: ({ signal }) => apiRequest<ArchiveSummary>('GET', archiveSummaryUrl(memorial.id), { signal }),
    retry,
    refetchInterval: (query) => (query.state.data?.background?.state === 'waiting' ? WAITING_POLL_MS : false),
  });
  const data = summary.data;

  return (
    <EditSection id="arkiv" title="Hent mindesiden som arkiv" description="En kopi af hele mindesiden, som I kan gemme hos jer selv.">
      <div className="flex items-start gap-4 rounded-xl border border-border bg-card px-5 py-5">
        {/* Not on a phone: there the words get the card's whole width. */}
        <Archive className="mt-1 hidden size-6 shrink-0 text-gold sm:block" aria-hidden="true" />
        <div className="min-w-0 space-y-3">
          <p>
            Arkivet er hele mindesiden: livshistorien, livslinjen, billeder og film, stamtræet, musikken og de hilsner, lys og minder, I har godkendt. Det er samlet som en
            lille hjemmeside, der åbner på jeres egen computer uden internet, også hvis Mindested en dag ikke findes mere.
          </p>
          <p>Med i arkivet er også en kopi til computerprogrammer (JSON), hvis I en dag vil flytte mindesiden et andet sted hen.</p>
          {!data ? (
            <QueryStatus compact query={summary} pending="Ser efter, hvad mindesiden rummer..." failed="Vi kunne ikke se, hvad arkivet kommer til at rumme" />
          ) : (
            <p className="text-muted-foreground">
              {archiveContents(data)
                ? `Arkivet rummer ${archiveContents(data)} og fylder ${aboutSize(data.bytes)}.`
                : `Der er endnu ingen billeder, film, sange eller hilsner, så arkivet rummer mindesidens tekster og fylder ${aboutSize(data.bytes)}.`}
            </p>
          )}
        </div>
      </div>

      <div className="mt-8 border-t border-border pt-6">
        {memorial.deletedAt ? (
          // The server gives the archive of a deleted memorial too, so a family can keep it before it goes.
          <Notice className="mb-6">Mindesiden er slettet, men I kan stadig hente den som arkiv, indtil den er væk for altid.</Notice>
        ) : null}
        {!data ? null : data.delivery === 'download' ? (
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <a href={archiveZipUrl(memorial.id)} download className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
              <Download aria-hidden="true" />
              Hent arkivet (ZIP)
            </a>
            <p className="min-w-0 flex-1 basis-64 text-muted-foreground">
              Arkivet laves, når I henter det, så det viser mindesiden, som den er nu. {opening}
            </p>
          </div>
        ) : (
          <Ordered memorialId={memorial.id} summary={data} />
        )}
      </div>
    </EditSection>
  );
}

const opening = `Pak ZIP-filen ud, og åbn filen ${ARCHIVE_START_PAGE}.`;

/** A memorial too large to send at once: ordered, made in the background, announced by e-mail. */
function Ordered({ memorialId, summary }: { memorialId: string; summary: ArchiveSummary }) {
  const queryClient = useQueryClient();
  // The order button goes once the order is taken: focus goes to the words that replace it.
  const statusRef = useRef<HTMLDivElement>(null);
  const order = useMutation({
    mutationFn: () => apiRequest<BackgroundArchive>('POST', archiveRequestUrl(memorialId)),
    onSuccess: (background) => {
      queryClient.setQueryData<ArchiveSummary>(archiveKey(memorialId), (old) => (old ? { ...old, background } : old));
      statusRef.current?.focus();
    },
  });
  const background = summary.background;
  const state = background?.state ?? null;
  const canOrder = state === null || state === 'failed' || state === 'expired';

  return (
    <div className="space-y-5">
      <div ref={statusRef} role="status" tabIndex={-1} className="space-y-3 focus:outline-none">
        {state === 'waiting' ? (
          <div className="flex items-start gap-3">
            <Mail className="mt-0.5 size-6 shrink-0 text-gold" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-semibold">Vi er ved at lave arkivet.</p>
              <p className="mt-1 text-muted-foreground">
                Du får en e-mail, når det er klar, og så kan du hente det her. Du behøver ikke holde siden åben. Bestilt {danishDayAndTime(background!.requestedAt)}.
              </p>
            </div>
          </div>
        ) : state === 'ready' ? (
          <div>
            <p className="font-semibold">Arkivet er klar til at blive hentet.</p>
            <p className="mt-1 text-muted-foreground">
              {background!.readyAt ? `Det viser mindesiden, som den var ${danishDayAndTime(background!.readyAt)}. ` : ''}
              {background!.expiresAt ? `Det kan hentes til og med ${danishDay(background!.expiresAt)}.` : ''}
            </p>
          </div>
        ) : state === 'failed' ? (
          <Notice tone="problem" title="Arkivet blev ikke lavet">
            {ARCHIVE_MESSAGES.failed}
          </Notice>
        ) : state === 'expired' ? (
          <p>
            Det arkiv, du bestilte {danishDay(background!.requestedAt)}, kunne hentes i {ARCHIVE_KEPT_DAYS} dage og er nu slettet hos os. Bestil et nyt, hvis du vil hente
            mindesiden igen.
          </p>
        ) : (
          <p>
            Mindesiden fylder så meget, at vi laver arkivet i ro og mag i stedet for at sende det med det samme. Bestil det, så sender vi dig en e-mail, når det er klar. Derefter
            kan det hentes her i {ARCHIVE_KEPT_DAYS} dage.
          </p>
        )}
      </div>

      {state === 'ready' ? (
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <a href={readyArchiveUrl(memorialId)} download className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
            <Download aria-hidden="true" />
            Hent arkivet (ZIP)
          </a>
          <p className="min-w-0 flex-1 basis-64 text-muted-foreground">
            {background!.bytes !== null ? `Filen fylder ${aboutSize(background!.bytes)}. ` : ''}
            {opening}
          </p>
        </div>
      ) : canOrder ? (
        <div className="space-y-4">
          <Button size="lg" className="w-full sm:w-auto" disabled={order.isPending} onClick={() => order.mutate()}>
            <Mail aria-hidden="true" />
            {order.isPending ? 'Bestiller...' : state === null ? 'Bestil arkivet' : 'Bestil arkivet igen'}
          </Button>
          {order.isError ? (
            <p role="alert" className="font-medium text-destructive">
              {errorMessage(order.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
