/**
 * "Koder": every code the reseller has, newest package first, with where it stands and to whom it
 * was given. Search by code or family, narrow by state; both live in the address (?q=&state=), so
 * back and reload keep them, and typing searches after a pause. "Vis flere" reads the next page.
 * A received code is given to a family from here; a given one gets its letter, its e-mail sent
 * again, or is taken back.
 * A table on a wide screen, cards on a phone.
 */
import { type ReactNode, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download, Gift, Printer, Send, Undo2 } from 'lucide-react';
import { formatCode } from '@/shared/qr-code';
import { RESELLER_CODE_STATE_LABELS, RESELLER_CODE_STATES, type ResellerCode, type ResellerCodeState } from '@/shared/resellers-api';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { FilterSelect } from '@/client/components/ui/filter-select';
import { SearchField } from '@/client/components/ui/search-field';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { useSearchText } from '@/client/lib/use-search-text';
import { HandoverDialog, UndoDialog } from './CodeDialogs';
import { codeCount, danishDay, danishShortDay } from './format';
import { type CodeFilters, codesCsvHref, useCodes, useResendLink } from './use-dashboard';

const Q_MAX = 120;

const isState = (value: string | null): value is ResellerCodeState => (RESELLER_CODE_STATES as readonly (string | null)[]).includes(value);

function filtersFrom(params: URLSearchParams): CodeFilters {
  const state = params.get('state');
  return { q: (params.get('q') ?? '').trim().slice(0, Q_MAX), state: isState(state) ? state : '' };
}

type Dialog = { kind: 'give' | 'undo'; code: ResellerCode } | null;

export function CodesSection({ canGive }: { canGive: boolean }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const codes = useCodes(filters);
  const [dialog, setDialog] = useState<Dialog>(null);
  const summary = useRef<HTMLParagraphElement>(null);

  const go = (next: Partial<CodeFilters>, options: { replace?: boolean } = {}) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams({ tab: 'koder' });
    if (merged.q) search.set('q', merged.q);
    if (merged.state) search.set('state', merged.state);
    setParams(search, options);
  };

  const { text, setText, submit } = useSearchText(filters.q, (q, options) => go({ q }, options));

  const list = codes.data?.pages.flatMap((page) => page.codes) ?? [];
  const filtered = filters.q !== '' || filters.state !== '';
  const actions: RowActions = {
    canGive,
    give: (code) => setDialog({ kind: 'give', code }),
    undo: (code) => setDialog({ kind: 'undo', code }),
  };
  // The row's button may be gone when the dialog closes (its code changed state): the list's summary takes the focus.
  const focusSummary = (event: Event) => {
    event.preventDefault();
    summary.current?.focus();
  };

  return (
    <section aria-labelledby="koder-titel">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="koder-titel" className="text-2xl sm:text-3xl">
            Koder
          </h2>
          <p className="mt-1 text-muted-foreground">Søg efter en kode eller en families navn eller e-mail.</p>
        </div>
        <Button asChild variant="secondary" className="w-full sm:w-auto">
          <a href={codesCsvHref(filters)} download>
            <Download aria-hidden="true" />
            Hent CSV
          </a>
        </Button>
      </div>

      <form role="search" aria-label="Koder" onSubmit={submit} className="mt-6 grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-end">
        <SearchField id="codes-q" value={text} onChange={setText} maxLength={Q_MAX} placeholder="Kode, navn eller e-mail" />
        <FilterSelect
          id="codes-state"
          label="Vis"
          value={filters.state}
          onChange={(state) => go({ state: state as ResellerCodeState | '' })}
          options={[['', 'Alle koder'], ...RESELLER_CODE_STATES.map((state) => [state, RESELLER_CODE_STATE_LABELS[state]] as const)]}
        />
      </form>

      <div className="mt-6">
        {codes.isPending ? (
          <CodesSkeleton />
        ) : codes.isError && !codes.data ? (
          <QueryStatus compact query={codes} pending="Henter koderne..." failed="Koderne kunne ikke hentes" />
        ) : (
          <>
            <p ref={summary} tabIndex={-1} className="flex items-center gap-3 text-sm text-muted-foreground outline-none" aria-live="polite">
              <span className="font-semibold text-foreground">
                {list.length === 0 ? 'Ingen koder' : codes.hasNextPage ? `Viser de første ${codeCount(list.length)}` : `${codeCount(list.length)}`}
              </span>
              {codes.isFetching && !codes.isFetchingNextPage ? <span>Søger...</span> : null}
            </p>
            {list.length === 0 ? (
              <p className="mt-4 rounded-xl border border-dashed border-border px-5 py-10 text-center text-muted-foreground">
                {filtered ? 'Ingen koder passer til søgningen.' : 'Ingen koder endnu. Når vi sender jer en pakke, kommer koderne her.'}
              </p>
            ) : (
              <>
                <CodesTable codes={list} actions={actions} />
                <CodeCards codes={list} actions={actions} />
              </>
            )}
            {codes.hasNextPage ? (
              <div className="mt-6 flex justify-center">
                <Button variant="secondary" onClick={() => void codes.fetchNextPage()} disabled={codes.isFetchingNextPage} className="w-full sm:w-auto">
                  {codes.isFetchingNextPage ? 'Henter...' : 'Vis flere'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>

      {dialog?.kind === 'give' ? <HandoverDialog key={dialog.code.code} code={dialog.code} onClose={() => setDialog(null)} onCloseAutoFocus={focusSummary} /> : null}
      {dialog?.kind === 'undo' ? <UndoDialog key={dialog.code.code} code={dialog.code} onClose={() => setDialog(null)} onCloseAutoFocus={focusSummary} /> : null}
    </section>
  );
}

function CodesSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Henter koderne...
      </p>
      <Skeleton className="h-5 w-32" />
      <div className="mt-3 space-y-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    </div>
  );
}

interface RowActions {
  canGive: boolean;
  give: (code: ResellerCode) => void;
  undo: (code: ResellerCode) => void;
}

/** When the code last moved on, in words: "Givet 12. marts 2026" (or "12. mar. 2026" in the table's narrow column). */
function when(code: ResellerCode, day: (iso: string) => string = danishDay): string {
  if (code.claimedAt) return `Taget i brug ${day(code.claimedAt)}`;
  if (code.handover) return `Givet ${day(code.handover.givenAt)}`;
  return '';
}

const letterHref = (code: string) => `/api/resellers/me/qr-codes/${encodeURIComponent(code)}/letter.pdf`;

/**
 * What can be done with one code: give it, or print its letter, send the family's link again and
 * take it back. A suspended reseller sees its codes but does none of it (the server refuses too).
 */
function CodeButtons({ code, actions }: { code: ResellerCode; actions: RowActions }) {
  const named = <span className="sr-only"> (kode {formatCode(code.code)})</span>;
  if (!actions.canGive) return null;
  if (code.state === 'shipped') {
    return (
      <Button size="sm" onClick={() => actions.give(code)}>
        <Gift aria-hidden="true" />
        Giv til familie{named}
      </Button>
    );
  }
  if (code.state === 'given') {
    return (
      // Stacked, each as wide as the widest: side by side, three buttons took the family's column in the table.
      <div className="grid gap-2">
        <Button asChild size="sm" variant="secondary">
          <a href={letterHref(code.code)} target="_blank" rel="noopener">
            <Printer aria-hidden="true" />
            Print brev{named}
          </a>
        </Button>
        {code.handover?.email ? <ResendButton code={code.code} named={named} /> : null}
        <Button size="sm" variant="quiet" onClick={() => actions.undo(code)}>
          <Undo2 aria-hidden="true" />
          Fortryd{named}
        </Button>
      </div>
    );
  }
  return null;
}

/** A lost or expired e-mail: sent again at once with a new link, no question asked (nothing is lost by it). */
function ResendButton({ code, named }: { code: string; named: ReactNode }) {
  const resend = useResendLink(code);
  return (
    <Button size="sm" variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
      <Send aria-hidden="true" />
      {resend.isPending ? 'Sender...' : 'Send linket igen'}
      {named}
    </Button>
  );
}

function StatePill({ state }: { state: ResellerCodeState }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 text-sm leading-6 font-semibold whitespace-nowrap',
        state === 'shipped' && 'border-gold/50 bg-gold-soft text-foreground',
        state === 'given' && 'border-primary/40 bg-secondary text-foreground',
        (state === 'claimed' || state === 'linked') && 'border-border bg-card text-foreground',
        (state === 'on_the_way' || state === 'void') && 'border-border text-muted-foreground',
      )}
    >
      {RESELLER_CODE_STATE_LABELS[state]}
    </span>
  );
}

function Family({ code }: { code: ResellerCode }) {
  if (!code.handover) return <span className="text-muted-foreground">–</span>;
  return (
    <>
      <span className="block font-semibold break-words">{code.handover.familyName}</span>
      {code.handover.email ? <span className="block text-sm [overflow-wrap:anywhere] text-muted-foreground">{code.handover.email}</span> : null}
    </>
  );
}

function CodesTable({ codes, actions }: { codes: ResellerCode[]; actions: RowActions }) {
  return (
    <div className="mt-3 hidden overflow-x-auto rounded-xl border border-border bg-card md:block">
      <table className="w-full text-left">
        <thead className="bg-secondary/60 text-sm text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Kode</th>
            <th scope="col" className="px-4 py-3 font-semibold">Status</th>
            <th scope="col" className="px-4 py-3 font-semibold">Pakke</th>
            <th scope="col" className="px-4 py-3 font-semibold">Familie</th>
            <th scope="col" className="px-4 py-3 font-semibold">Dato</th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Handlinger</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {codes.map((code) => (
            <tr key={code.code} className="align-middle">
              <td className="px-4 py-3 whitespace-nowrap">
                <span className="code-text font-semibold">{formatCode(code.code)}</span>
              </td>
              <td className="px-4 py-3">
                <StatePill state={code.state} />
              </td>
              <td className="px-4 py-3 text-sm text-muted-foreground">{code.packageName ?? '–'}</td>
              <td className="px-4 py-3">
                <Family code={code} />
              </td>
              <td className="px-4 py-3 text-sm whitespace-nowrap text-muted-foreground">{when(code, danishShortDay) || '–'}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap">
                <CodeButtons code={code} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CodeCards({ codes, actions }: { codes: ResellerCode[]; actions: RowActions }) {
  return (
    <ul className="mt-3 space-y-3 md:hidden">
      {codes.map((code) => {
        const moved = when(code);
        return (
          <li key={code.code} className="rounded-xl border border-border bg-card px-4 py-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="code-text text-lg font-semibold">{formatCode(code.code)}</span>
              <StatePill state={code.state} />
            </div>
            {code.handover ? (
              <div className="mt-2">
                <Family code={code} />
              </div>
            ) : null}
            <p className="mt-2 text-sm text-muted-foreground">
              {code.packageName ?? 'Ingen pakke'}
              {moved ? ` · ${moved}` : ''}
            </p>
            {actions.canGive && (code.state === 'shipped' || code.state === 'given') ? (
              <div className="mt-3">
                <CodeButtons code={code} actions={actions} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
