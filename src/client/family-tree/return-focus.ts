/**
 * Where focus goes when a dialog opened from state (not from a Radix Trigger) closes: back to what
 * had it when the dialog opened, the button a person pressed. Radix Dialog gives focus back only
 * to its own Trigger, and without one leaves it on the page's body, which sends a keyboard or a
 * screen reader back to the top of the page. When that button is gone (the card was re-centred
 * away), focus stays where the page put it.
 */
import { useState } from 'react';

export function useReturnFocus() {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  return (event: Event) => {
    event.preventDefault();
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  };
}
