/**
 * The files on their way, one row each: how far it has come, "Behandler billedet..." while the
 * server makes the sizes a photo needs, and the server's own reason beside a file it refused. A
 * file can be cancelled while it waits or travels, and tried again when the connection failed.
 */
import { CircleAlert, CircleCheck, Film, ImageIcon, LoaderCircle } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { fileSize } from './item-words';
import { type UploadEntry, looksLikeVideo } from './use-upload-queue';

interface UploadListProps {
  entries: UploadEntry[];
  busy: boolean;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onClear: () => void;
}

export function UploadList({ entries, busy, onCancel, onRetry, onClear }: UploadListProps) {
  if (!entries.length) return null;
  return (
    <div className="mt-6">
      <ul aria-label="Filer der uploades" className="divide-y divide-border rounded-lg border border-border bg-card">
        {entries.map((entry) => (
          <UploadRow key={entry.id} entry={entry} onCancel={onCancel} onRetry={onRetry} />
        ))}
      </ul>
      {!busy ? (
        <Button variant="quiet" size="sm" className="mt-2" onClick={onClear}>
          Ryd listen
        </Button>
      ) : null}
    </div>
  );
}

function UploadRow({ entry, onCancel, onRetry }: { entry: UploadEntry; onCancel: (id: string) => void; onRetry: (id: string) => void }) {
  const video = looksLikeVideo(entry.file);
  const percent = entry.total ? Math.min(100, Math.round((entry.sent / entry.total) * 100)) : 0;
  const Icon = video ? Film : ImageIcon;
  const cancellable = entry.status === 'waiting' || entry.status === 'sending';

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon className="mt-1 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-all">{entry.file.name}</p>
          <p className="text-sm text-muted-foreground">{fileSize(entry.file.size)}</p>
          {entry.status === 'sending' ? (
            <div className="mt-2">
              <div
                role="progressbar"
                aria-label={`Upload af ${entry.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${percent} %`}
                className="h-2.5 overflow-hidden rounded-full bg-muted ring-1 ring-border"
              >
                <div className="h-full rounded-full bg-gold transition-[width] duration-200" style={{ width: `${percent}%` }} />
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {percent} % sendt ({fileSize(entry.sent)} af {fileSize(entry.total)})
              </p>
            </div>
          ) : null}
          <Status entry={entry} video={video} />
        </div>
      </div>
      {cancellable ? (
        <Button variant="secondary" size="sm" aria-label={`Annuller upload af ${entry.file.name}`} onClick={() => onCancel(entry.id)}>
          Annuller
        </Button>
      ) : entry.status === 'failed' && entry.retryable ? (
        <Button variant="secondary" size="sm" aria-label={`Prøv igen med ${entry.file.name}`} onClick={() => onRetry(entry.id)}>
          Prøv igen
        </Button>
      ) : null}
    </li>
  );
}

function Status({ entry, video }: { entry: UploadEntry; video: boolean }) {
  const line = 'mt-1 flex items-start gap-2 text-sm';
  switch (entry.status) {
    case 'waiting':
      return <p className={cn(line, 'text-muted-foreground')}>Venter på at blive sendt...</p>;
    case 'sending':
      return null;
    case 'processing':
      return (
        <p className={cn(line, 'font-medium')}>
          <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {video ? 'Gemmer filmen...' : 'Behandler billedet...'}
        </p>
      );
    case 'done':
      return (
        <p className={cn(line, 'font-medium text-foreground')}>
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
          Tilføjet til galleriet
        </p>
      );
    case 'failed':
      return (
        <p className={cn(line, 'font-medium text-destructive')}>
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {entry.error}
        </p>
      );
  }
}
