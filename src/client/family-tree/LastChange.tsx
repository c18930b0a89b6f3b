/**
 * The last change to the tree, with its "Fortryd", kept on the page after the toast has gone
 * (changes.ts): a slow reader, or one who looked away, can still take a mistake back.
 */
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { undoLast, useLastChange } from './changes';

export function LastChange({ memorial }: { memorial: string }) {
  const queryClient = useQueryClient();
  const change = useLastChange(memorial);
  const [busy, setBusy] = useState(false);
  if (!change) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gold/40 bg-gold-soft/50 px-4 py-3">
      <p className="min-w-0">
        <span className="text-muted-foreground dark:text-foreground/80">Sidste ændring:</span> {change.done}.
      </p>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await undoLast(queryClient);
          setBusy(false);
        }}
      >
        <Undo2 aria-hidden="true" />
        Fortryd<span className="sr-only"> sidste ændring</span>
      </Button>
    </div>
  );
}
