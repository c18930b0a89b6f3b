/**
 * The typed text of a search whose words live in the address: the back office's lists
 * (/admin/users, /admin/resellers) and the reseller's codes. Typing searches after a pause and
 * replaces the address (one history entry per finished search), Enter searches at once, and back
 * and forward move the field with the address.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';

/** Long enough for a word to be finished, short enough to feel immediate. */
const TYPING_PAUSE_MS = 300;

/** `current` is the search in the address; `search` puts another there. */
export function useSearchText(current: string, search: (q: string, options: { replace?: boolean }) => void) {
  const [text, setText] = useState(current);
  // The address and the page's way to change it as they are now, for a pause that ends after
  // they changed: the searching of a pause begun before Enter, or before a choice on the page
  // (a package chosen on /admin/qr-export), must not put back the address of that earlier moment.
  const latest = useRef({ current, search });
  useEffect(() => {
    latest.current = { current, search };
  });
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back and forward change the address: the field follows it (but not over a space being typed),
  // adjusted while rendering, as React advises for state that follows a prop.
  const [followed, setFollowed] = useState(current);
  if (followed !== current) {
    setFollowed(current);
    if (text.trim() !== current) setText(current);
  }

  useEffect(() => {
    if (text.trim() === current) return;
    pause.current = setTimeout(() => {
      const now = latest.current;
      if (text.trim() !== now.current) now.search(text.trim(), { replace: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(pause.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the timer
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter is the end of the pause: searched now, and not again when the pause would have ended.
    clearTimeout(pause.current);
    if (text.trim() !== current) search(text.trim(), {});
  };
  return { text, setText, submit };
}
