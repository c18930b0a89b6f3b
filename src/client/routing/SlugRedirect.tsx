import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RedirectNotice } from './RedirectNotice';

/** Single-segment addresses that are never a memorial (SPEC.md §2 "Catch-all /{slug}"). */
export const RESERVED_SLUGS = new Set([
  'login',
  'register',
  'pricing',
  'contact',
  'privacy',
  'terms',
  'cookies',
  'admin',
  'qr-info',
  'qr-setup',
  'warehouse-scan',
  'production',
]);

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
