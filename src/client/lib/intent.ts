/**
 * The first sign that someone is about to use the page rather than only read it: a touch, a
 * press, a key, focus, the mouse moving over it, or a click from assistive technology (which comes
 * without a touch or a press). Scrolling alone is not one. Listened for on the window in the
 * capture phase, before anything on the page (public/early-taps.js listens on the document), and
 * passively: a scroll that begins with the touch is never held up.
 */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'click'] as const;

export function whenIntent(then: () => void) {
  const once = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, once, true);
    then();
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, once, { capture: true, passive: true });
}
