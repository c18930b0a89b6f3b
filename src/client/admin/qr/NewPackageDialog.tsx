/**
 * "Ny pakke": a package of 1–10.000 codes for an approved reseller or for direct sale, checked with
 * the server's own schema (createQrPackageBody) before it is sent. The reseller must be chosen, so
 * no package goes to direct sale by a slip. Once made, the new package's page opens.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { FieldFrame, useFieldIds } from '@/client/components/ui/field';
import { inputClass } from '@/client/components/ui/input';
import { TextField } from '@/client/components/ui/text-field';
import { cn } from '@/client/lib/cn';
import { ApiError, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { DIRECT_SALE } from '@/shared/production';
import { createQrPackageBody } from '@/shared/qr-lifecycle';
import { codeCount } from './format';
import { useCreatePackage, useFloorResellers } from './use-qr';

const packageForm = createQrPackageBody.omit({ resellerId: true }).extend({
  /** A reseller's id, or DIRECT_SALE. */
  reseller: z.string().min(1, 'Vælg en forhandler, eller vælg direkte salg.'),
});
type PackageForm = z.infer<typeof packageForm>;

export function NewPackageDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Ny pakke
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Ny QR-pakke</DialogTitle>
        <DialogDescription>Koderne laves med det samme. Pakken går derefter gennem produktion, lager og forsendelse.</DialogDescription>
        {open ? <PackageFormBody /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PackageFormBody() {
  const navigate = useNavigate();
  const resellers = useFloorResellers();
  const create = useCreatePackage();
  const form = useForm<PackageForm>({ resolver: zodResolver(packageForm), defaultValues: { name: '', reseller: '' } });
  const { errors } = form.formState;
  const approved = resellers.data?.resellers.filter((reseller) => reseller.status === 'approved') ?? [];

  const submit = form.handleSubmit((values) => {
    const resellerId = values.reseller === DIRECT_SALE ? null : values.reseller;
    create.mutate(
      { name: values.name, size: values.size, resellerId },
      {
        onSuccess: (pkg) => {
          const to = resellerId ? approved.find((reseller) => reseller.id === resellerId)?.name : 'direkte salg';
          toast({ title: `Pakken “${values.name}” er oprettet`, description: `${codeCount(values.size)}${to ? ` til ${to}` : ''}.` });
          void navigate(`/admin/qr-packages/${pkg.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && (error.field === 'name' || error.field === 'size')) {
            form.setError(error.field, { message: error.message }, { shouldFocus: true });
          } else if (error instanceof ApiError && error.status === 400 && error.field === 'resellerId') {
            form.setError('reseller', { message: error.message }, { shouldFocus: true });
          } else {
            toast({ variant: 'destructive', title: 'Pakken blev ikke oprettet', description: errorMessage(error) });
          }
        },
      },
    );
  });

  const select = useFieldIds(resellers.isError ? 'Forhandlerne kunne ikke hentes. Luk og prøv igen, eller vælg direkte salg.' : undefined, errors.reseller?.message);

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-5">
      <TextField label="Navn på pakken" autoComplete="off" maxLength={120} error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Antal koder"
        hint="Mellem 1 og 10.000."
        type="number"
        inputMode="numeric"
        min={1}
        max={10_000}
        error={errors.size?.message}
        {...form.register('size', { valueAsNumber: true })}
      />
      <FieldFrame ids={select} label="Forhandler" hint={resellers.isError ? 'Forhandlerne kunne ikke hentes. Luk og prøv igen, eller vælg direkte salg.' : undefined} error={errors.reseller?.message}>
        <select
          id={select.id}
          aria-invalid={errors.reseller ? true : undefined}
          aria-describedby={select.describedBy}
          className={cn(inputClass, 'pr-10')}
          {...form.register('reseller')}
        >
          <option value="">{resellers.isPending ? 'Henter forhandlere...' : 'Vælg...'}</option>
          <option value={DIRECT_SALE}>Direkte salg (ingen forhandler)</option>
          {approved.length > 0 ? (
            <optgroup label="Godkendte forhandlere">
              {approved.map((reseller) => (
                <option key={reseller.id} value={reseller.id}>
                  {reseller.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </FieldFrame>
      <div className="flex flex-col-reverse gap-3 pt-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={create.isPending}>
            Annuller
          </Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Opretter...' : 'Opret pakke'}
        </Button>
      </div>
    </form>
  );
}
