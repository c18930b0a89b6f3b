/**
 * The successor's map on "Drift" (issue 26; PRODUCT.md "The stone outlives the company"): the
 * file that lets another operator take the codes on the stones over. The server logs each download.
 */
import { FileJson, FileSpreadsheet } from 'lucide-react';
import { SUCCESSOR_MAP_URLS } from '@/shared/archive';
import { type DownloadFile, DownloadList } from '../DownloadList';
import { Panel } from '../Panel';

const FILES: DownloadFile[] = [
  {
    href: SUCCESSOR_MAP_URLS.csv,
    label: 'Regneark (CSV)',
    about: 'Én kode pr. linje med stenens adresse, mindesiden den åbner og mindesidens tidligere adresser. Åbner i Excel.',
    icon: <FileSpreadsheet aria-hidden="true" />,
  },
  {
    href: SUCCESSOR_MAP_URLS.json,
    label: 'Til et program (JSON)',
    about: 'De samme koder og alle tidligere adresser, også slettede mindesiders, så gamle links kan føres videre.',
    icon: <FileJson aria-hidden="true" />,
  },
];

export function SuccessorMapPanel({ className }: { className?: string }) {
  return (
    <Panel title="Kort til en efterfølger" className={className}>
      <p className="max-w-prose text-muted-foreground">
        Stenene står i årtier. Kan Mindested en dag ikke drive mindesiderne videre, skal en anden kunne overtage koderne. Kortet viser hver kode, vi har lavet, og hvor den fører hen. Hent
        det jævnligt, og gem det sammen med sikkerhedskopierne.
      </p>
      <DownloadList files={FILES} name="kortet som " />
    </Panel>
  );
}
