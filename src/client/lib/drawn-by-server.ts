import { useState } from 'react';
import { useLocation } from 'react-router';
import { FAMILY_TREE_PAGE_PATH, MEMORIAL_PAGE_PATH } from './visitor-pages';

/** The address whose page the server drew into this document, until the app first shows another. */
let drawnFor: string | null = null;

/** Called by main.tsx when it takes over (hydrates) the page the server drew for `pathname`. */
export function takeOverDrawnPage(pathname: string) {
  drawnFor = pathname;
}

/**
 * True when this page was drawn by the server: while the server renders it, and in the browser
 * while the page the document arrived with is taken over (hydrated). Any page the app shows after
 * it, the same address again included, is drawn by the browser and answers false. What a
 * component's first render saw is kept: its later renders answer the same.
 */
export function useDrawnByServer(): boolean {
  const { pathname } = useLocation();
  const [drawnByServer] = useState(() => {
    if (typeof document === 'undefined') return true;
    if (drawnFor !== null && drawnFor !== pathname) drawnFor = null;
    return drawnFor === pathname;
  });
  return drawnByServer;
}

/**
 * True on a memorial or family tree page the server drew: it draws those only for a visitor (visitor-pages.ts),
 * so the page knows the reader is signed out before asking, and says so the same way on the
 * server and in the browser's takeover.
 */
export function useDrawnForVisitor(): boolean {
  const drawnByServer = useDrawnByServer();
  const { pathname } = useLocation();
  return drawnByServer && (MEMORIAL_PAGE_PATH.test(pathname) || FAMILY_TREE_PAGE_PATH.test(pathname));
}
