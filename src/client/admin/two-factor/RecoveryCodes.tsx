/**
 * The ten recovery codes, shown once right after set-up: copy them or print them, and say they are
 * kept before going on. Only their hashes are on the server, so this is the only time they exist
 * in readable form.
 */
import { useId, useState } from 'react';
import { Check, Copy, Printer } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';

interface RecoveryCodesProps {
  codes: readonly string[];
  onDone: () => void;
}

export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const headingId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div>
        <h2 id={headingId} className="text-2xl">
          Dine gendannelseskoder
        </h2>
        <p className="mt-2 text-muted-foreground">
          Mister du telefonen, kan du logge ind med en af disse koder i stedet for koden fra appen. Hver kode virker én gang. Gem dem et sikkert sted,
          fx i en adgangskodeboks eller udskrevet i en skuffe. Du ser dem kun nu.
        </p>
      </div>
      <ol className="grid grid-cols-1 gap-2 rounded-lg border border-border bg-secondary/40 p-4 font-mono text-lg tracking-wider sm:grid-cols-2" aria-label="Gendannelseskoder">
        {codes.map((code, index) => (
          <li key={code} className="flex items-baseline gap-3">
            <span className="w-6 text-right text-sm text-muted-foreground" aria-hidden="true">
              {index + 1}.
            </span>
            <span className="select-all">{code}</span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'yes' ? 'Kopieret' : 'Kopiér'}
        </Button>
        <Button variant="secondary" onClick={() => printCodes(codes)}>
          <Printer aria-hidden="true" />
          Udskriv
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {copied === 'yes' ? 'Koderne er kopieret. Sæt dem ind et sikkert sted.' : ''}
      </p>
      {copied === 'failed' ? (
        <Notice tone="problem">Browseren ville ikke kopiere. Markér koderne, og kopiér dem selv, eller udskriv dem.</Notice>
      ) : null}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} className="size-5 shrink-0 accent-primary" />
        Jeg har gemt koderne
      </label>
      <Button size="lg" className="w-full sm:w-auto" disabled={!saved} onClick={onDone}>
        Fortsæt
      </Button>
    </section>
  );
}

/** Prints the codes alone (not the page around them) from a frame of their own, which then goes. */
function printCodes(codes: readonly string[]) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;';
  // The codes are the server's own (digits and capitals), so they need no escaping beyond this.
  const items = codes.map((code) => `<li>${code.replace(/[^0-9A-Z-]/g, '')}</li>`).join('');
  frame.srcdoc = `<!doctype html><html lang="da"><head><meta charset="utf-8"><title>Gendannelseskoder – Mindested</title><style>
    body{font-family:system-ui,sans-serif;margin:2cm;color:#222}h1{font-size:18pt}p{font-size:11pt}
    ol{font-family:ui-monospace,monospace;font-size:16pt;line-height:1.8;letter-spacing:.08em}</style></head>
    <body><h1>Mindested – gendannelseskoder</h1><p>Til totrinsbekræftelse i bagkontoret. Hver kode virker én gang. Opbevar dem sikkert.</p><ol>${items}</ol></body></html>`;
  frame.onload = () => {
    frame.contentWindow?.print();
    setTimeout(() => frame.remove(), 60_000);
  };
  document.body.append(frame);
}
