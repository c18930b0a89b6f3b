import { useEffect } from 'react';

/** Sets the browser tab's title for a page: "Log ind – Mindested". */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} – Mindested` : 'Mindested – digitale mindesider til mindesten';
  }, [title]);
}
