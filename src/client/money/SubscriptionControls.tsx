/**
 * A card subscription's two buttons: stop at the period's end (asked first: it says what happens
 * after), or, once stopped, carry on. Nothing is deleted either way (PRODUCT.md "Money").
 */
import { useState } from 'react';
import { CirclePause, CirclePlay } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { danishDay } from './format';
import type { PremiumMemorial } from './use-money';
import { useSubscriptionStep } from './use-subscription-step';

interface SubscriptionControlsProps {
  memorial: PremiumMemorial;
  subscription: NonNullable<PremiumMemorial['subscription']>;
}

export function SubscriptionControls({ memorial, subscription }: SubscriptionControlsProps) {
  const [asking, setAsking] = useState(false);
  const step = useSubscriptionStep(subscription.id);
  const end = subscription.currentPeriodEnd ?? memorial.premiumUntil;
  const endText = end ? danishDay(end) : 'når perioden udløber';

  const stop = () =>
    step.mutate('cancel', {
      onSuccess: () => {
        setAsking(false);
        toast({ title: 'Abonnementet stopper', description: `${memorial.name} har Premium til ${endText}. Der bliver ikke trukket flere penge.` });
      },
      onError: (error) => {
        setAsking(false);
        toast({ variant: 'destructive', title: 'Abonnementet blev ikke stoppet', description: errorMessage(error) });
      },
    });
  const resume = () =>
    step.mutate('resume', {
      onSuccess: () => toast({ title: 'Abonnementet fortsætter', description: `${memorial.name} beholder Premium, og abonnementet fornyes som før.` }),
      onError: (error) => toast({ variant: 'destructive', title: 'Abonnementet blev ikke genoptaget', description: errorMessage(error) }),
    });

  if (subscription.cancelAtPeriodEnd) {
    return (
      <Button variant="secondary" onClick={resume} disabled={step.isPending}>
        <CirclePlay aria-hidden="true" />
        {step.isPending ? 'Genoptager...' : 'Fortsæt abonnementet'}
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} disabled={step.isPending}>
        <CirclePause aria-hidden="true" />
        Stop ved periodens udløb
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Stop Premium for ${memorial.name}?`}
        confirmLabel="Stop ved periodens udløb"
        pendingLabel="Stopper..."
        pending={step.isPending}
        onConfirm={stop}
      >
        <p>Mindesiden har Premium til {endText}, og der bliver ikke trukket flere penge.</p>
        <p>Bagefter vises kun det, den gratis plan rummer. Intet bliver slettet: billeder og film kommer frem igen, hvis I køber Premium på ny.</p>
      </ConfirmDialog>
    </>
  );
}
