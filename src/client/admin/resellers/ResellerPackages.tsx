/**
 * "QR-pakker": the packages made for the reseller, each with a button for its next warehouse step
 * (asked first: the step moves every code of the package and is not taken back), and a small form
 * that makes a new package for an approved reseller. The production floor's own pages do the same
 * for every package; here the admin who just approved a dealer can send it its first codes.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { QR_PACKAGE_STATUSES, QR_STATUS_LABELS, type QrPackageStatus, createQrPackageBody } from '@/shared/qr-lifecycle';
import type { ResellerDetail } from '@/shared/resellers-admin';
import type { z } from 'zod';
import { danishDay } from '../people/format';
import { Panel } from '../Panel';
import { codeCount } from './format';
import { useCreatePackage, useMovePackage } from './use-resellers';

type Package = ResellerDetail['packages'][number];

const packageForm = createQrPackageBody.omit({ resellerId: true });
type PackageForm = z.infer<typeof packageForm>;

const nextStep = (status: QrPackageStatus): QrPackageStatus | null => QR_PACKAGE_STATUSES[QR_PACKAGE_STATUSES.indexOf(status) + 1] ?? null;
/** "Markér som produceret", "Markér som på lager", and for the last step, plainly, "Markér som sendt". */
const stepLabel = (to: QrPackageStatus) => (to === 'shipped' ? 'Markér som sendt' : `Markér som ${QR_STATUS_LABELS[to].toLowerCase()}`);

export function ResellerPackages({ view }: { view: ResellerDetail }) {
  const { reseller, packages } = view;
  const [moving, setMoving] = useState<{ pkg: Package; to: QrPackageStatus } | null>(null);
  const move = useMovePackage(reseller.id);

  const confirmMove = () => {
    if (!moving) return;
    const { pkg, to } = moving;
    move.mutate(
      { packageId: pkg.id, to },
      {
        onSuccess: () => {
          setMoving(null);
          toast({ title: `Pakken “${pkg.name}” er ${to === 'shipped' ? 'sendt' : QR_STATUS_LABELS[to].toLowerCase()}`, description: `${codeCount(pkg.size)} er nu ${QR_STATUS_LABELS[to].toLowerCase()}.` });
        },
      },
    );
  };

  return (
    <Panel title={`QR-pakker (${packages.length})`}>
      {packages.length === 0 ? (
        <p className="text-muted-foreground">Ingen pakker endnu.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Pakker">
          {packages.map((pkg) => {
            const to = nextStep(pkg.status);
            return (
              <li key={pkg.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold break-words">{pkg.name}</span>
                    <span className="inline-flex items-center rounded-full border border-border px-2.5 text-xs leading-6 font-semibold whitespace-nowrap text-muted-foreground">
                      {QR_STATUS_LABELS[pkg.status]}
                    </span>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {codeCount(pkg.size)} · lavet {danishDay(pkg.createdAt)}
                  </p>
                </div>
                {to ? (
                  <Button variant="secondary" size="sm" onClick={() => setMoving({ pkg, to })} aria-label={`${stepLabel(to)}: ${pkg.name}`}>
                    {stepLabel(to)}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      {reseller.status === 'approved' ? (
        <NewPackage view={view} />
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">Der kan laves pakker til forhandleren, når den er godkendt.</p>
      )}

      <ConfirmDialog
        open={moving !== null}
        onOpenChange={(open) => !open && setMoving(null)}
        title={moving ? `${stepLabel(moving.to)}: “${moving.pkg.name}”?` : ''}
        confirmLabel={moving ? stepLabel(moving.to) : ''}
        pendingLabel="Flytter..."
        pending={move.isPending}
        variant="primary"
        onConfirm={confirmMove}
      >
        {moving ? (
          <p>
            Pakkens {codeCount(moving.pkg.size)} flyttes fra {QR_STATUS_LABELS[moving.pkg.status]} til {QR_STATUS_LABELS[moving.to]}.
            {moving.to === 'shipped' ? ` ${reseller.companyName} kan derefter give dem videre til familier.` : ''}
          </p>
        ) : null}
      </ConfirmDialog>
    </Panel>
  );
}

function NewPackage({ view }: { view: ResellerDetail }) {
  const { reseller } = view;
  const form = useForm<PackageForm>({ resolver: zodResolver(packageForm), defaultValues: { name: '' } });
  const create = useCreatePackage(reseller.id);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        form.reset({ name: '' });
        toast({ title: `Pakken “${values.name}” er oprettet`, description: `${codeCount(values.size)} til ${reseller.companyName}.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && (error.field === 'name' || error.field === 'size')) {
          form.setError(error.field, { message: error.message }, { shouldFocus: true });
          return;
        }
        toast({ variant: 'destructive', title: 'Pakken blev ikke oprettet', description: errorMessage(error) });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4 border-t border-border pt-5" aria-labelledby="new-package-heading">
      <h3 id="new-package-heading" className="text-lg font-semibold">
        Ny pakke til {reseller.companyName}
      </h3>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <TextField label="Navn på pakken" autoComplete="off" maxLength={120} error={errors.name?.message} {...form.register('name')} />
        <TextField label="Antal koder" type="number" inputMode="numeric" min={1} max={10_000} error={errors.size?.message} {...form.register('size', { valueAsNumber: true })} />
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Opretter...' : 'Opret pakke'}
      </Button>
    </form>
  );
}
