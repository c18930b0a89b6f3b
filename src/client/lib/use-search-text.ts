/**
 * The typed text of a search whose words live in the address: the back office's lists
 * (/admin/users, /admin/resellers) and the reseller's codes. Typing searches after a pause and
 * replaces the address (one history entry per finished search), Enter searches at once, and back
 * and forward move the field with the address.
 */
import { type FormEvent, useEffect, useState } from 'react';

/** Long enough for a word to be finished, short enough to feel immediate. */
const TYPING_PAUSE_MS = 300;

/** `current` is the search in the address; `search` puts another there. */
export function useSearchText(current: string, search: (q: string, options: { replace?: boolean }) => void) {
  const [text, setText] = useState(current);

  // Back and forward change the address: the field follows it (but not over a space being typed),
  // adjusted while rendering, as React advises for state that follows a prop.
  const [followed, setFollowed] = useState(current);
  if (followed !== current) {
    setFollowed(current);
    if (text.trim() !== current) setText(current);
  }

  useEffect(() => {
    if (text.trim() === current) return;
    const timer = setTimeout(() => search(text.trim(), { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the timer
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== current) search(text.trim(), {});
  };
  return { text, setText, submit };
}
