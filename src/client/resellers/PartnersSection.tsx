/**
 * "Partnere": the reseller's referral link and the dealers that applied through it. A dealer that
 * applies through the link becomes a partner once we approve it; the reseller earns commission on
 * its partners' purchases at its own rate. Until purchases exist the figures are real zeros.
 */
import { useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { RESELLER_STATUS_LABELS } from '@/shared/resellers';
import { formatCommission } from '@/shared/resellers-admin';
import type { Partners } from '@/shared/resellers-api';
import { Button } from '@/client/components/ui/button';
import { inputClass } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Notice } from '@/client/components/ui/notice';
import { cn } from '@/client/lib/cn';
import { Fetched } from './Fetched';
import { danishDay, danishMoney, danishNumber } from './format';
import { usePartners } from './use-dashboard';

export function PartnersSection() {
  const partners = usePartners();
  return (
    <section aria-labelledby="partnere-titel">
      <h2 id="partnere-titel" className="text-2xl sm:text-3xl">
        Partnere
      </h2>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        Anbefal Mindested til andre bedemænd og stenhuggere. Ansøger de gennem jeres link, bliver de jeres partnere, når vi har godkendt dem, og I får
        provision af deres køb.
      </p>
      <Fetched query={partners} pending="Henter partnerne..." failed="Partnerne kunne ikke hentes" shapes={['h-36', 'h-48']}>
        {(data) => <PartnersBody partners={data} />}
      </Fetched>
    </section>
  );
}

function PartnersBody({ partners }: { partners: Partners }) {
  return (
    <div className="mt-6 space-y-8">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        {partners.referralLink ? (
          <ReferralLink link={partners.referralLink} />
        ) : (
          <Notice>Jeres henvisningslink virker kun, mens jeres forhandleradgang er aktiv.</Notice>
        )}
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <Figure term="Jeres provision" value={formatCommission(partners.commissionBasisPoints)} />
          <Figure term="Provision i alt" value={danishMoney(partners.totalCommissionOre)} />
        </dl>
      </div>

      {partners.partners.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border px-5 py-10 text-center">
          <p className="font-serif text-xl">Ingen partnere endnu</p>
          <p className="mx-auto mt-2 max-w-lg text-muted-foreground">
            Send jeres link til en bedemand eller stenhugger, I kender. Når de ansøger gennem linket, og vi har godkendt dem, står de her med deres koder og
            jeres provision.
          </p>
        </div>
      ) : (
        <>
          <PartnersTable partners={partners} />
          <PartnerCards partners={partners} />
        </>
      )}
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col-reverse justify-end rounded-xl border border-border bg-card px-4 py-4">
      <dt className="mt-1 text-sm font-semibold text-muted-foreground">{term}</dt>
      <dd className="font-serif text-2xl tabular-nums sm:text-3xl">{value}</dd>
    </div>
  );
}

/** The link in a field to select, and a button that copies it. */
function ReferralLink({ link }: { link: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // No clipboard (an old browser, a refused permission): the link is selected to copy by hand.
      field.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className="rounded-xl border border-gold/40 bg-gold-soft/50 px-5 py-5">
      <Label htmlFor="referral-link">Jeres henvisningslink</Label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          ref={field}
          id="referral-link"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className={cn(inputClass, 'min-w-0 flex-1 font-mono text-sm')}
        />
        <Button variant="secondary" onClick={() => void copy()} className="sm:w-40">
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'yes' ? 'Kopieret' : 'Kopiér link'}
        </Button>
      </div>
      <p className="mt-3 text-muted-foreground">
        Send linket til en bedemand eller stenhugger, I kender. Ansøger de gennem det, kan vi se, at de kommer fra jer, og når vi har godkendt dem, står
        de nedenfor.
      </p>
      <p aria-live="polite" className="mt-2 text-sm font-semibold empty:hidden">
        {copied === 'yes' ? 'Linket er kopieret. Sæt det ind i en e-mail eller en besked.' : copied === 'failed' ? 'Linket kunne ikke kopieres. Det er markeret, så I kan kopiere det selv.' : null}
      </p>
    </div>
  );
}

const approved = (partner: Partners['partners'][number]) =>
  partner.status === 'approved' && partner.approvedAt ? danishDay(partner.approvedAt) : RESELLER_STATUS_LABELS[partner.status];

function PartnersTable({ partners }: { partners: Partners }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-border bg-card md:block">
      <table className="w-full text-left">
        <thead className="bg-secondary/60 text-sm text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Virksomhed</th>
            <th scope="col" className="px-4 py-3 font-semibold">By</th>
            <th scope="col" className="px-4 py-3 font-semibold">Godkendt</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Koder modtaget</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Koder tilknyttet</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Provision</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {partners.partners.map((partner) => (
            <tr key={partner.id}>
              <th scope="row" className="px-4 py-3 font-semibold break-words">{partner.companyName}</th>
              <td className="px-4 py-3 text-muted-foreground">{partner.town}</td>
              <td className="px-4 py-3 text-muted-foreground">{approved(partner)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{danishNumber(partner.codesReceived)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{danishNumber(partner.codesLinked)}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{danishMoney(partner.commissionOre)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-border">
            <th scope="row" colSpan={5} className="px-4 py-3 text-right font-semibold">
              I alt
            </th>
            <td className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums">{danishMoney(partners.totalCommissionOre)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function PartnerCards({ partners }: { partners: Partners }) {
  return (
    <ul className="space-y-3 md:hidden">
      {partners.partners.map((partner) => (
        <li key={partner.id} className="rounded-xl border border-border bg-card px-4 py-4">
          <p className="font-semibold break-words">{partner.companyName}</p>
          <p className="text-sm text-muted-foreground">
            {partner.town} · Godkendt: {approved(partner)}
          </p>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground">Modtaget</dt>
              <dd className="font-semibold tabular-nums">{danishNumber(partner.codesReceived)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Tilknyttet</dt>
              <dd className="font-semibold tabular-nums">{danishNumber(partner.codesLinked)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Provision</dt>
              <dd className="font-semibold tabular-nums">{danishMoney(partner.commissionOre)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
