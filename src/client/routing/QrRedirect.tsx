import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { QR_REDIRECT_DELAY_MS } from '@/shared/constants';
import { RedirectNotice } from './RedirectNotice';

/**
 * /qr/{code}, the address printed in every QR symbol: on to /qr-scan/{code} after SPEC.md's 100 ms,
 * replacing the history entry so "back" does not bounce the visitor forward again.
 */
export default function QrRedirect() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(`/qr-scan/${encodeURIComponent(code)}`, { replace: true }), QR_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code, navigate]);
  return <RedirectNotice text="Åbner QR-koden..." />;
}
