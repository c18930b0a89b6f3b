/**
 * One press of "Betal" sends one request, and the browser then leaves for Stripe's page. A ref, not
 * state, guards the sending: two clicks in one frame both run before React renders the disabled
 * button. Back from Stripe's page, the browser may show this page as it was left (the back-forward
 * cache): then the button works again.
 */
import { useEffect, useRef, useState } from 'react';

export function useOnePayment() {
  const [leaving, setLeaving] = useState(false);
  const sending = useRef(false);
  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sending.current = false;
      setLeaving(false);
    };
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);
  return {
    leaving,
    /** Whether this press may send: false while one is out or the browser is on its way. */
    claim: () => {
      if (sending.current) return false;
      sending.current = true;
      return true;
    },
    /** The request failed: the next press may try again. */
    release: () => {
      sending.current = false;
    },
    leaveFor: (url: string) => {
      setLeaving(true);
      window.location.assign(url);
    },
  };
}
