/**
 * "Mindebog" on /edit-memorial/{slug}: the memorial as a little A5 book to print at home or send
 * to a printer. The family chooses the photos; the rest (the person, the life story, the timeline
 * and what they approved of visitors' words) comes from the memorial as it is. The download is a
 * plain link: the browser fetches the PDF the way it fetches any file, and shows its own progress.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, Download } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { buttonClass } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { ApiError, apiRequest } from '@/client/lib/request';
import type { Memorial } from '@/shared/memorials';
import { BOOK_MAX_PHOTOS, type BookSummary, bookPdfUrl, bookSummaryUrl } from '@/shared/memorial-book';
import { EditSection } from '../EditSection';
import { BookPhotoPicker } from './BookPhotoPicker';

// "Not allowed" will not change by asking again; a dropped connection might.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status > 0) && failures < 1;

const count = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** "ét minde og 3 hilsner": what visitors and the family wrote, as far as it is approved. */
function visitorWords(summary: BookSummary): string | null {
  const parts = [
    summary.tributes ? count(summary.tributes, 'ét sæt mindeord fra familien', 'sæt mindeord fra familien') : null,
    summary.memories ? count(summary.memories, 'ét minde', 'minder') : null,
    summary.greetings ? count(summary.greetings, 'én hilsen', 'hilsner') : null,
  ].filter((part): part is string => part !== null);
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} og ${parts.at(-1)}`;
}

export function BookSection({ memorial }: { memorial: Memorial }) {
  const photos = memorial.media.filter((item) => item.kind === 'photo');
  const films = memorial.media.length - photos.length;
  const [picked, setPicked] = useState<string[]>(() => photos.slice(0, BOOK_MAX_PHOTOS).map((photo) => photo.id));
  // A photo deleted from the gallery since it was ticked leaves the book too.
  const chosen = picked.filter((id) => photos.some((photo) => photo.id === id));
  const summary = useQuery({
    queryKey: ['memorial-book', memorial.id],
    queryFn: ({ signal }) => apiRequest<BookSummary>('GET', bookSummaryUrl(memorial.id), { signal }),
    retry,
    enabled: !memorial.deletedAt,
  });

  return (
    <EditSection
      id="mindebog"
      title="Mindebog"
      description="En lille bog i A5 med det, I har samlet her: til at printe derhjemme, sende til et trykkeri eller lægge frem ved mindehøjtideligheden."
    >
      <div className="flex items-start gap-4 rounded-xl border border-border bg-card px-5 py-5">
        <BookOpen className="mt-1 size-6 shrink-0 text-gold" aria-hidden="true" />
        <div className="min-w-0 space-y-2">
          <p>
            Bogen begynder med {memorial.portraitId ? 'portrættet, ' : ''}navnet, datoerne og mindeordene. Derefter følger livshistorien, livslinjen og de billeder, I vælger
            nedenfor, og til sidst det, familie og venner har skrevet, og som I har godkendt.
          </p>
          {memorial.deletedAt ? null : summary.isPending || summary.isError ? (
            <QueryStatus compact query={summary} pending="Ser efter, hvad der er skrevet..." failed="Vi kunne ikke se, hvad der er skrevet på mindesiden" />
          ) : (
            <p className="text-muted-foreground">
              {visitorWords(summary.data) ? `Med i bogen kommer ${visitorWords(summary.data)}.` : 'Der er endnu ingen godkendte hilsner, så bogen slutter med billederne.'}
              {summary.data.candles === 1 ? ' Bogen nævner også det lys, der er tændt.' : summary.data.candles > 1 ? ` Bogen nævner også de ${summary.data.candles} lys, der er tændt.` : ''}
            </p>
          )}
        </div>
      </div>

      <div className="mt-8">
        {photos.length ? (
          <BookPhotoPicker photos={photos} chosen={chosen} onChange={setPicked} />
        ) : (
          <Notice title="Ingen billeder endnu">
            Galleriet har ingen billeder, så bogen bliver med tekst alene. Lægger I billeder ind under Billeder og film, kan I vælge dem her bagefter.
          </Notice>
        )}
        {films > 0 && photos.length ? <p className="mt-3 text-sm text-muted-foreground">Film kan ikke trykkes, så de er ikke med på listen.</p> : null}
      </div>

      <div className="mt-8 flex flex-wrap items-center gap-x-5 gap-y-3 border-t border-border pt-6">
        {memorial.deletedAt ? (
          <Notice>Gendan mindesiden for at hente mindebogen.</Notice>
        ) : (
          <>
            <a href={bookPdfUrl(memorial.id, chosen)} download className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
              <Download aria-hidden="true" />
              Hent mindebogen (PDF)
            </a>
            <p className="text-muted-foreground">
              {chosen.length > 10 ? 'Med mange billeder tager det op til et halvt minut at sætte bogen.' : 'Bogen sættes, når I henter den, så den altid viser siden, som den er nu.'}
            </p>
          </>
        )}
      </div>
    </EditSection>
  );
}
