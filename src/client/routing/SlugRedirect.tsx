import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RESERVED_SLUGS } from '@/shared/memorials';
import { RedirectNotice } from './RedirectNotice';


/**
 * /{slug}: a short address for a memorial (mindested.dk/karen-jensen-1941-2023) goes on to
 * /memorial/{slug}; the reserved words show the not-found page instead.
 */
export default function SlugRedirect({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams();
  const reserved = RESERVED_SLUGS.has(slug.toLowerCase());
  const navigate = useNavigate();
  useEffect(() => {
    if (!reserved) navigate(`/memorial/${encodeURIComponent(slug)}`, { replace: true });
  }, [reserved, slug, navigate]);
  if (reserved) return notFound;
  return <RedirectNotice text="Omdirigerer til mindeside..." />;
}
