import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { ALL_PURPOSES, ONLY_NECESSARY, closeConsentSettings, readConsent, type ConsentChoices } from './consent-store';
import { PURPOSE_TEXTS, type PurposeText } from './purposes';
import { saveChoices } from './save-choices';

function PurposeRow({ text, checked, onChange }: { text: PurposeText; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  const necessary = text.purpose === 'necessary';
  return (
    <li className="rounded-lg border border-border bg-background/60 p-4">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={necessary}
          aria-describedby={`${id}-description`}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-1 size-6 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
        />
        <div className="min-w-0">
          <label htmlFor={id} className="flex flex-wrap items-center gap-x-3 text-base font-semibold">
            {text.title}
            {necessary ? <span className="text-sm font-normal text-muted-foreground">Altid aktiv</span> : null}
          </label>
          <p id={`${id}-description`} className="mt-1 text-sm text-muted-foreground">
            {text.description}
          </p>
        </div>
      </div>
    </li>
  );
}

/** The cookie settings (SPEC.md §2, §5): the five purposes, necessary always on. */
export default function ConsentSettingsDialog() {
  const [choices, setChoices] = useState<ConsentChoices>(() => readConsent()?.choices ?? ONLY_NECESSARY);
  const [busy, setBusy] = useState(false);

  const save = async (value: ConsentChoices) => {
    setBusy(true);
    await saveChoices(value);
    setBusy(false);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : closeConsentSettings())}>
      <DialogContent className="max-w-xl p-5 sm:p-8">
        <DialogTitle>Cookie-indstillinger</DialogTitle>
        <DialogDescription>Vælg, hvad vi må bruge cookies til. Du kan altid ændre dit valg nederst på siden.</DialogDescription>
        <ul className="mt-6 space-y-3">
          {PURPOSE_TEXTS.map((text) => (
            <PurposeRow
              key={text.purpose}
              text={text}
              checked={text.purpose === 'necessary' || choices[text.purpose]}
              onChange={(value) => setChoices((current) => ({ ...current, [text.purpose]: value }))}
            />
          ))}
        </ul>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => void save(ALL_PURPOSES)}>
            Accepter alle
          </Button>
          <Button disabled={busy} onClick={() => void save(choices)}>
            Gem indstillinger
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
