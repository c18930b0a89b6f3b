/**
 * /edit-image/{id}: a memorial's administrator crops and turns one photo of its gallery ({id} is
 * the photo's). The server decides who may (GET /api/media/{id}); this page only says calmly why
 * it cannot show the editor: not logged in, no access, not a photo, or no connection.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Ornament } from '@/client/components/ui/ornament';
import { usePageTitle } from '@/client/lib/page-title';
import { ApiError, NETWORK_ERROR } from '@/client/lib/request';
import { PhotoEditor } from './PhotoEditor';
import { usePhotoForEditing } from './use-photo-for-editing';

export default function EditImagePage() {
  const { id = '' } = useParams();
  const photo = usePhotoForEditing(id);
  usePageTitle('Beskær og drej billede');

  if (photo.data) {
    return (
      <PageShell>
        <div className="mx-auto w-full max-w-6xl px-4 py-8 [--crop-stage-height:56dvh] sm:px-6 sm:py-12 lg:[--crop-stage-height:68dvh]">
          <h1 className="text-3xl sm:text-4xl">Beskær og drej billede</h1>
          <p className="mt-2 text-muted-foreground">
            Fra mindesiden for {photo.data.memorial.name}. Det oprindelige billede gemmes, så du altid kan gå tilbage til det.
          </p>
          <div className="mt-6 sm:mt-8">
            <PhotoEditor key={`${photo.data.id}-${photo.dataUpdatedAt}`} photo={photo.data} />
          </div>
        </div>
      </PageShell>
    );
  }

  const error = photo.error;
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <PageShell>
      <div className="mx-auto flex max-w-xl flex-col items-center px-5 py-20 text-center sm:py-28">
        <Ornament />
        {photo.isPending ? (
          <p role="status" className="mt-6 font-serif text-xl text-muted-foreground">
            Henter billedet...
          </p>
        ) : status === 401 ? (
          <Refusal title="Log ind for at redigere billedet" text="Kun mindesidens ejer og administratorer kan beskære og dreje dens billeder.">
            <Link to={`/login?redirect=${encodeURIComponent(`/edit-image/${id}`)}`}>Log ind</Link>
          </Refusal>
        ) : status === 403 || status === 404 ? (
          <Refusal title="Billedet kan ikke redigeres her" text={`${error!.message} Kun mindesidens ejer og administratorer kan beskære og dreje dens billeder.`}>
            <Link to="/">Gå til forside</Link>
          </Refusal>
        ) : status === 400 ? (
          <Refusal title="Billedet kan ikke redigeres" text={error!.message}>
            <Link to="/">Gå til forside</Link>
          </Refusal>
        ) : (
          <>
            <h1 className="mt-6 text-3xl sm:text-4xl">Billedet kunne ikke hentes</h1>
            <Notice tone="problem" className="mt-6 text-left">
              {error instanceof ApiError ? error.message : NETWORK_ERROR}
            </Notice>
            <Button size="lg" className="mt-8" onClick={() => void photo.refetch()}>
              Prøv igen
            </Button>
          </>
        )}
      </div>
    </PageShell>
  );
}

function Refusal({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <>
      <h1 className="mt-6 text-3xl sm:text-4xl">{title}</h1>
      <p className="mt-4 text-muted-foreground">{text}</p>
      <Button asChild size="lg" className="mt-10">
        {children}
      </Button>
    </>
  );
}
