/**
 * Files to take away, one a row: what the file is and who uses it, and "Hent". A download is a
 * plain link: the browser streams the file to disk as the server makes it, with its own progress,
 * and the server names it (its content-disposition); `download` keeps the page where it is.
 */
import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';

export interface DownloadFile {
  href: string;
  label: string;
  /** What the file is and who uses it, in one line. */
  about: ReactNode;
  icon: ReactNode;
}

/** `name`: how a screen reader's "Hent" goes on, e.g. "kortet som" before the file's label. */
export function DownloadList({ files, name = '' }: { files: DownloadFile[]; name?: string }) {
  return (
    <ul className="mt-4 divide-y divide-border rounded-lg border border-border">
      {files.map((file) => (
        <li key={file.href} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{file.label}</p>
            <p className="text-sm text-muted-foreground">{file.about}</p>
          </div>
          <Button asChild variant="secondary" size="sm" className="w-full shrink-0 sm:w-auto">
            <a href={file.href} download>
              {file.icon}
              Hent
              <span className="sr-only">
                {' '}
                {name}
                {file.label.toLowerCase()}
              </span>
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
