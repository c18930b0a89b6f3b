/**
 * /admin/qr-packages/{id}: one package: its name, reseller, size, state and dates, its codes by
 * state, who took it to the printer, what staff have done to it, and its next warehouse step as a
 * confirmed action (the step moves every code still in the package's state and is not taken back).
 * From here: the print sheet, the label for the box, the exports, and its codes.
 */
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Download, ListChecks, Printer, Tag } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toast } from '@/client/lib/toast';
import { useUser } from '@/client/lib/use-user';
import type { QrPackageDetail } from '@/shared/production';
import { AdminLayout } from '../AdminLayout';
import { FactList } from '../FactList';
import { Panel } from '../Panel';
import { danishDay, danishMoment } from '../people/format';
import { QrStateBadge } from './badges';
import { factLink } from './CodeCard';
import { codeCount, packageHistoryText, stateLabel, stepLabel } from './format';
import { StateBar } from './StateBar';
import { useMovePackage, usePackage } from './use-qr';

const back = (
  <Button asChild variant="secondary" size="sm">
    <Link to="/admin/qr-packages">
      <ArrowLeft aria-hidden="true" />
      Alle pakker
    </Link>
  </Button>
);

export default function PackagePage() {
  const { id = '' } = useParams();
  const query = usePackage(id);
  const detail = query.data;

  if (!detail) {
    const gone = { title: 'Pakken findes ikke', action: <Link to="/admin/qr-packages">Til QR-pakker</Link> };
    return (
      <AdminLayout title="QR-pakke" actions={back}>
        <QueryStatus
          query={query}
          pending="Henter pakken..."
          failed="Pakken kunne ikke hentes"
          refusals={{ 404: { ...gone, text: 'Der er ingen QR-pakke med den adresse.' }, 400: { ...gone, text: 'Adressen peger ikke på en QR-pakke.' } }}
        />
      </AdminLayout>
    );
  }
  const pkg = detail.package;

  return (
    <AdminLayout
      title={pkg.name}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <QrStateBadge status={pkg.status} />
          <span>
            {pkg.resellerName ?? 'Direkte salg'} · {codeCount(pkg.size)} · oprettet {danishDay(pkg.createdAt)}
          </span>
        </span>
      }
      actions={back}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="space-y-6">
          <NextStep detail={detail} />
          <Panel title="Pakken">
            <Facts detail={detail} />
          </Panel>
          <Panel title="Koderne">
            <StateBar counts={pkg.counts} />
            <Links id={pkg.id} />
          </Panel>
        </div>
        <History detail={detail} />
      </div>
    </AdminLayout>
  );
}

function Facts({ detail }: { detail: QrPackageDetail }) {
  const { user } = useUser();
  const pkg = detail.package;
  const rows: [string, ReactNode][] = [
    [
      'Forhandler',
      pkg.resellerId && pkg.resellerName ? (
        user?.role === 'admin' ? (
          <Link to={`/admin/resellers/${pkg.resellerId}`} className={factLink}>
            {pkg.resellerName}
          </Link>
        ) : (
          pkg.resellerName
        )
      ) : (
        'Direkte salg'
      ),
    ],
    ['Antal koder', codeCount(pkg.size)],
    ['Tilstand', pkg.statusChangedAt ? `${stateLabel(pkg.status)} siden ${danishMoment(pkg.statusChangedAt)}` : stateLabel(pkg.status)],
    ['Oprettet', `${danishMoment(pkg.createdAt)}${pkg.createdBy ? ` af ${pkg.createdBy.name}` : ''}`],
    [
      'Produktion',
      detail.production
        ? `Startet ${danishMoment(detail.production.startedAt)}${detail.production.startedBy ? ` af ${detail.production.startedBy.name}` : ''}`
        : 'Ikke startet endnu',
    ],
  ];
  return <FactList rows={rows} />;
}

const linkButton = 'justify-start';

function Links({ id }: { id: string }) {
  return (
    <div className="mt-5 grid gap-2 border-t border-border pt-5 sm:grid-cols-2">
      <Button asChild variant="secondary" className={linkButton}>
        <Link to={`/admin/qr-packages/${id}/qr-codes`}>
          <ListChecks aria-hidden="true" />
          Se koder
        </Link>
      </Button>
      <Button asChild variant="secondary" className={linkButton}>
        <a href={`/api/admin/qr-packages/${id}/print.pdf`} target="_blank" rel="noopener">
          <Printer aria-hidden="true" />
          Udskriv ark
        </a>
      </Button>
      <Button asChild variant="secondary" className={linkButton}>
        <a href={`/api/admin/qr-packages/${id}/label.pdf`} target="_blank" rel="noopener">
          <Tag aria-hidden="true" />
          Etiket
        </a>
      </Button>
      <Button asChild variant="secondary" className={linkButton}>
        <Link to={`/admin/qr-export?package=${id}`}>
          <Download aria-hidden="true" />
          Eksportér
        </Link>
      </Button>
    </div>
  );
}

function NextStep({ detail }: { detail: QrPackageDetail }) {
  const [open, setOpen] = useState(false);
  const pkg = detail.package;
  const to = detail.nextStep;
  const move = useMovePackage(pkg.id);
  const waiting = pkg.counts[pkg.status];

  if (!to) {
    return (
      <Panel title="Næste trin">
        <p className="text-muted-foreground">Pakken er sendt{pkg.resellerName ? ` til ${pkg.resellerName}` : ''}. Koderne tages nu i brug én ad gangen af familierne.</p>
      </Panel>
    );
  }

  return (
    <Panel title="Næste trin">
      <p className="text-muted-foreground">
        {codeCount(waiting)} står som {stateLabel(pkg.status)}. Næste trin flytter dem til {stateLabel(to)}.
      </p>
      <Button className="mt-4 w-full sm:w-auto" onClick={() => setOpen(true)}>
        {stepLabel(to)}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`${stepLabel(to)}: “${pkg.name}”?`}
        confirmLabel={stepLabel(to)}
        pendingLabel="Flytter..."
        pending={move.isPending}
        variant="primary"
        onConfirm={() =>
          move.mutate(to, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: `Pakken “${pkg.name}” er flyttet`, description: `${codeCount(waiting)} er nu ${stateLabel(to)}.` });
            },
            onError: () => setOpen(false),
          })
        }
      >
        <p>
          Pakkens {codeCount(waiting)} flyttes fra {stateLabel(pkg.status)} til {stateLabel(to)}. Koder, der er kasseret eller låst af en familie, bliver, hvor de er.
          {to === 'shipped' && pkg.resellerName ? ` ${pkg.resellerName} kan derefter give dem videre til familier.` : ''}
        </p>
      </ConfirmDialog>
    </Panel>
  );
}

function History({ detail }: { detail: QrPackageDetail }) {
  return (
    <Panel title="Historik">
      {detail.history.length === 0 ? (
        <p className="text-muted-foreground">Ingen handlinger endnu.</p>
      ) : (
        <ol className="space-y-3">
          {detail.history.map((entry) => (
            <li key={entry.id} className="border-b border-border pb-3 last:border-b-0 last:pb-0">
              <p>
                <span className="font-semibold">{entry.actorName}</span> {packageHistoryText(entry)}
              </p>
              <p className="text-sm text-muted-foreground">
                <time dateTime={entry.at}>{danishMoment(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
