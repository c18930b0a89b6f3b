/**
 * /edit-memorial/{slug}: every part of a memorial on one page, each saved on its own, so a family
 * can fill in a little at a time and never loses one part by saving another. The server decides
 * who may change what; this page only hides what a person may not do.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Eye, MessageSquareHeart } from 'lucide-react';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import type { Memorial } from '@/shared/memorials';
import { AdministratorsOnly } from '../AdministratorsOnly';
import { AddressSection } from './AddressSection';
import { AppearanceSection } from './AppearanceSection';
import { ArchiveSection } from './archive/ArchiveSection';
import { BookSection } from './book/BookSection';
import { DeletedNotice, DeleteSection } from './DeleteSection';
import { EditSection } from './EditSection';
import { GalleryManager } from './gallery/GalleryManager';
import { LifeStorySection } from './LifeStorySection';
import { MembersSection } from './members/MembersSection';
import { PersonSection } from './PersonSection';
import { PrivacyChoice } from './PrivacySection';
import { RestingPlaceSection } from './RestingPlaceSection';
import { TimelineSection } from './TimelineSection';

const PARTS = [
  { id: 'personen', title: 'Personen' },
  { id: 'livshistorie', title: 'Livshistorie' },
  { id: 'livslinje', title: 'Livslinje' },
  { id: 'billeder', title: 'Billeder og film' },
  { id: 'gravsted', title: 'Gravsted' },
  { id: 'udseende', title: 'Udseende' },
  { id: 'adgang', title: 'Adgang' },
  { id: 'adresse', title: 'Adresse' },
  { id: 'mindebog', title: 'Mindebog' },
  { id: 'arkiv', title: 'Arkiv' },
];

export default function EditMemorialPage() {
  const { slug = '' } = useParams();
  return (
    <AdministratorsOnly
      idOrSlug={slug}
      title={(memorial) => (memorial ? `Rediger ${memorial.name}` : 'Rediger mindeside')}
      refusal={() => ({
        heading: 'Du kan ikke redigere denne mindeside',
        text: 'Kun mindesidens ejer og medadministratorer kan ændre den. Bed ejeren om at gøre dig til medadministrator.',
      })}
    >
      {(memorial) => <Editor memorial={memorial} />}
    </AdministratorsOnly>
  );
}

function Editor({ memorial }: { memorial: Memorial }) {
  const isOwner = memorial.viewer.role === 'owner';
  // A link to a part (the archive's e-mail goes to #arkiv) is followed once the editor is drawn:
  // it is drawn only when the memorial has come, after the browser's own jump found nothing.
  useEffect(() => {
    if (window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, []);
  return (
    <PageShell>
      <div data-memorial-theme={memorial.theme} className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <Link to="/profile" className="inline-flex min-h-11 items-center gap-2 font-semibold text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-5" aria-hidden="true" />
          Mine mindesider
        </Link>
        <header className="mt-4 flex flex-wrap items-end justify-between gap-x-8 gap-y-5">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-[0.16em] text-memorial-accent-text uppercase">Rediger mindeside</p>
            <h1 className="mt-2 text-4xl break-words sm:text-5xl">{memorial.name}</h1>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {/* What visitors left, waiting for a decision: its own page (memorials/admin). */}
            {memorial.deletedAt ? null : (
              <Button asChild variant="secondary" size="lg" className="w-full sm:w-auto">
                <Link to={`/memorial/${memorial.slug}/admin`}>
                  <MessageSquareHeart aria-hidden="true" />
                  Hilsner og lys
                </Link>
              </Button>
            )}
            <Button asChild variant="secondary" size="lg" className="w-full sm:w-auto">
              <Link to={`/memorial/${memorial.slug}`}>
                <Eye aria-hidden="true" />
                Se mindesiden
              </Link>
            </Button>
          </div>
        </header>

        {memorial.deletedAt ? (
          <div className="mt-8">
            <DeletedNotice memorial={memorial} />
          </div>
        ) : null}

        <div className="mt-10 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-12">
          <nav aria-label="Dele af mindesiden" className="mb-8 lg:mb-0">
            <ul className="flex flex-wrap gap-2 lg:sticky lg:top-24 lg:flex-col lg:gap-1">
              {PARTS.map((part) => (
                <li key={part.id}>
                  <a
                    href={`#${part.id}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-border bg-card px-4 text-base font-semibold hover:bg-secondary lg:w-full lg:rounded-lg lg:border-transparent lg:bg-transparent"
                  >
                    {part.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <div className="min-w-0 space-y-8">
            <PersonSection memorial={memorial} />
            <LifeStorySection memorial={memorial} />
            <TimelineSection memorial={memorial} />
            <EditSection id="billeder" title="Billeder og film" description="Billederne vises i galleriet i den rækkefølge, I vælger. Vælg også portræt og forsidebillede.">
              <GalleryManager memorial={memorial} />
            </EditSection>
            <RestingPlaceSection memorial={memorial} />
            <AppearanceSection memorial={memorial} />
            <EditSection id="adgang" title="Adgang" description="Hvem der kan se mindesiden, og hvem der kan hjælpe med at passe den.">
              <PrivacyChoice memorial={memorial} />
              <div className="mt-8 border-t border-border pt-8">
                <MembersSection memorial={memorial} />
              </div>
            </EditSection>
            <AddressSection key={memorial.slug} memorial={memorial} />
            <BookSection memorial={memorial} />
            <ArchiveSection memorial={memorial} />
            {isOwner && !memorial.deletedAt ? <DeleteSection memorial={memorial} /> : null}
          </div>
        </div>
      </div>
    </PageShell>
  );
}
