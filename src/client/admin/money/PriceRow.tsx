/**
 * One plan or product on /admin/prices: its name, whether it is sold, its price incl. moms and
 * when that was set, and "Ret pris", which opens the price in place. The typed price is checked
 * here (adminMoneyMessages.price) and asked once more in a dialog, from the old to the new, before
 * it is saved; a refusal from the server is shown at the field.
 */
import { type FormEvent, useRef, useState } from 'react';
import { Pencil } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { FieldFrame, useFieldIds } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { ApiError, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { formatPrice } from '@/shared/pricing';
import { danishDay } from '../people/format';
import { kronerText, parseKroner } from './format';
import { type PriceRow as Price, useSetPrice } from './use-money';

export function PriceRow({ price }: { price: Price }) {
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [asking, setAsking] = useState<number | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const save = useSetPrice();
  const field = useRef<HTMLInputElement>(null);
  const ids = useFieldIds(true, error);

  const open = () => {
    setTyped(kronerText(price.priceOre));
    setError(undefined);
    setEditing(true);
  };
  const stop = () => {
    setEditing(false);
    // The field is gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseKroner(typed);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    if (parsed.ore === price.priceOre) {
      stop();
      return;
    }
    setAsking(parsed.ore);
  };
  const confirm = () => {
    if (asking === null) return;
    save.mutate(
      { kind: price.kind, slug: price.slug, priceOre: asking },
      {
        onSuccess: () => {
          toast({ title: `${price.name} koster nu ${formatPrice(asking)}`, description: 'Den nye pris gælder nye køb.' });
          setAsking(null);
          stop();
        },
        onError: (failure) => {
          setAsking(null);
          if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
          else toast({ variant: 'destructive', title: 'Prisen blev ikke ændret', description: errorMessage(failure) });
        },
      },
    );
  };

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold break-words">{price.name}</span>
            {price.active ? null : (
              <span className="inline-flex items-center rounded-full border border-border px-2.5 text-xs leading-6 font-semibold whitespace-nowrap text-muted-foreground">Sælges ikke</span>
            )}
          </p>
          <p className="text-sm text-muted-foreground">
            <span className="font-mono text-xs">{price.slug}</span> · ændret {danishDay(price.updatedAt)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="font-semibold whitespace-nowrap tabular-nums">{price.priceOre === 0 ? 'Gratis' : formatPrice(price.priceOre)}</span>
          {price.priceOre === 0 || editing ? null : (
            <Button ref={editButton} variant="secondary" size="sm" onClick={open} aria-label={`Ret prisen på ${price.name}`}>
              <Pencil aria-hidden="true" />
              Ret pris
            </Button>
          )}
        </div>
      </div>

      {editing ? (
        <form noValidate onSubmit={check} className="mt-3">
          <FieldFrame ids={ids} label={`Ny pris for ${price.name}`} hint="I kroner inkl. moms, fx 599,00." error={error}>
            <div className="flex flex-wrap items-center gap-2">
              {/* The input fills its box (inputClass's w-full): the box is the width of a price. */}
              <div className="w-44">
                <Input
                  ref={field}
                  id={ids.id}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={ids.describedBy}
                  inputMode="decimal"
                  autoComplete="off"
                  autoFocus
                  value={typed}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    setError(undefined);
                  }}
                  onKeyDown={(event) => event.key === 'Escape' && stop()}
                  className="tabular-nums"
                />
              </div>
              <Button type="submit" size="sm">
                Gem
              </Button>
              <Button variant="secondary" size="sm" onClick={stop}>
                Fortryd
              </Button>
            </div>
          </FieldFrame>
        </form>
      ) : null}

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(next) => !next && setAsking(null)}
        title={`Ændr prisen på ${price.name}?`}
        confirmLabel="Gem ny pris"
        pendingLabel="Gemmer..."
        pending={save.isPending}
        variant="primary"
        onConfirm={confirm}
        // Saved, the form is gone and focus goes to "Ret pris" (stop()); refused, it goes back to the price typed.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          field.current?.focus();
        }}
      >
        <p>
          Fra {formatPrice(price.priceOre)} til <span className="font-semibold text-foreground">{asking === null ? '' : formatPrice(asking)}</span> inkl. moms.
        </p>
        <p>Den nye pris gælder kun nye køb. Ordrer, der allerede er lagt, og deres fakturaer beholder den pris, kunden betalte.</p>
      </ConfirmDialog>
    </li>
  );
}
