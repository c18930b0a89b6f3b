/**
 * /edit-image/{id}: a memorial's administrator crops and turns one photo of its gallery ({id} is
 * the photo's). The server decides who may (GET /api/media/{id}); this page only says calmly why
 * it cannot show the editor: not logged in, no access, not a photo, or no connection.
 */
import { Link, useParams } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { usePageTitle } from '@/client/lib/page-title';
import { PhotoEditor } from './PhotoEditor';
import { usePhotoForEditing } from './use-photo-for-editing';

const ADMINS_ONLY = 'Kun mindesidens ejer og administratorer kan beskære og dreje dens billeder.';

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

  // The server decides who may edit; the page only says in plain words why it will not show the editor.
  const cannot = (title: string, text: string) => ({ title, text, action: <Link to="/">Gå til forside</Link> });
  const message = photo.error?.message ?? '';
  const noAccess = cannot('Billedet kan ikke redigeres her', `${message} ${ADMINS_ONLY}`);
  return (
    <PageShell>
      <QueryStatus
        query={photo}
        pending="Henter billedet..."
        refusals={{
          401: { title: 'Log ind for at redigere billedet', text: ADMINS_ONLY, action: <Link to={`/login?redirect=${encodeURIComponent(`/edit-image/${id}`)}`}>Log ind</Link> },
          403: noAccess,
          404: noAccess,
          400: cannot('Billedet kan ikke redigeres', message),
        }}
        failed="Billedet kunne ikke hentes"
      />
    </PageShell>
  );
}
