/**
 * What a page opened from a link in an e-mail shows when the link cannot be used (unknown, used or
 * expired): the server's own words for why, then the ways on, one under the other and centred (a
 * button given w-full spans the card; a text link keeps its own width).
 */
import type { ReactNode } from 'react';
import { Notice } from '@/client/components/ui/notice';

export function LinkProblem({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div>
      <Notice tone="problem">
        <p>{message}</p>
      </Notice>
      <div className="mt-8 flex flex-col items-center gap-3">{children}</div>
    </div>
  );
}
