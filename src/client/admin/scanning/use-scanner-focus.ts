/**
 * Keeps a USB scanner's keys landing in the floor scanner's field, so a packing table needs no
 * touch between scans. A USB barcode scanner is a keyboard: it types the code and Enter into
 * whatever has focus. So the field
 * - takes focus when the page opens, when focus falls to the page itself (a button that went
 *   away) and after a dialog closes; not after a click or a tap on the page, which may be someone
 *   selecting text to copy (the next scan's keys still come to the field, as below);
 * - catches the characters typed while focus is on a button or a link (not in a dialog), and
 *   moves focus to itself with them, so the scan still arrives whole;
 * - never takes focus from a field the person is typing in (a search, a reason), nor from a dialog.
 * Tab still moves focus away to the page's buttons: the field takes it back only when keys come.
 */
import { type RefObject, useEffect } from 'react';
import { anyDialogOpen, insideDialog, isEditable } from './editable';

/** After Radix has given focus back to a dialog's trigger (it waits a tick), the field takes it. */
const AFTER_DIALOG_MS = 60;
/** A focus change this soon after a press of the pointer was caused by it. */
const POINTER_MS = 500;

export function useScannerFocus(field: RefObject<HTMLInputElement | null>, append: (text: string) => void, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const take = () => {
      const input = field.current;
      if (!input || input.disabled || document.activeElement === input) return;
      if (isEditable(document.activeElement) || anyDialogOpen()) return;
      input.focus({ preventScroll: true });
    };

    take();

    // Focus leaving to nothing: the page's body, once the browser has settled where it went. A
    // press of the pointer just before is a person's choice (a click on text, to select it).
    let settle: ReturnType<typeof setTimeout> | undefined;
    let pressedAt = -Infinity;
    const onPointerDown = () => {
      pressedAt = performance.now();
    };
    const onFocusOut = () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        const active = document.activeElement;
        if ((!active || active === document.body) && performance.now() - pressedAt > POINTER_MS) take();
      }, 0);
    };

    // Keys typed outside any text field: the scanner's first characters; they go to the field.
    const onKeyDown = (event: KeyboardEvent) => {
      const input = field.current;
      if (!input || input.disabled || event.defaultPrevented || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = document.activeElement;
      if (target === input || isEditable(target) || insideDialog(target) || anyDialogOpen()) return;
      // One printable character; a space stays a button's press.
      if (event.key.length !== 1 || event.key === ' ') return;
      event.preventDefault();
      input.focus({ preventScroll: true });
      append(event.key);
    };

    // Dialogs are portals on <body>: when the last one goes, focus comes back to the field.
    let dialogOpen = anyDialogOpen();
    let afterDialog: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      const open = anyDialogOpen();
      if (dialogOpen && !open) {
        clearTimeout(afterDialog);
        afterDialog = setTimeout(take, AFTER_DIALOG_MS);
      }
      dialogOpen = open;
    });
    observer.observe(document.body, { childList: true });

    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(settle);
      clearTimeout(afterDialog);
      observer.disconnect();
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [field, append, enabled]);
}
