/**
 * What an admin can do to an account. Whatever cannot simply be clicked back (the admin role given
 * or taken, closing or reopening, signing out everywhere, a second factor reset) is asked first,
 * saying what follows; sending a link is said in a toast. The server decides in the end: it refuses
 * taking the last admin's role or closing one's own account, and says so in Danish.
 */
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { inputClass } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/cn';
import { useUser } from '@/client/lib/use-user';
import { type Role, roles } from '@/shared/auth';
import type { AccountView } from '@/shared/people';
import { ROLE_LABELS } from '@/shared/staff';
import { Panel } from '../Panel';
import { genitive } from './format';
import { useAccountAction } from './use-people';

type Question = 'role' | 'disable' | 'enable' | 'sessions' | 'two-factor' | null;

export function PersonActions({ view }: { view: AccountView }) {
  const { user } = view;
  const { user: me } = useUser();
  const [role, setRole] = useState<Role>(user.role);
  const [asking, setAsking] = useState<Question>(null);
  const name = user.fullName;
  const close = () => setAsking(null);

  const saveRole = useAccountAction<{ role: Role }>(user.id, { path: 'role', done: (body) => `Rollen er ændret til ${ROLE_LABELS[body.role]}`, failed: 'Rollen blev ikke ændret' });
  const disable = useAccountAction(user.id, { path: 'disable', done: `${genitive(name)} konto er lukket`, failed: 'Kontoen blev ikke lukket' });
  const enable = useAccountAction(user.id, { path: 'enable', done: `${genitive(name)} konto er åbnet igen`, failed: 'Kontoen blev ikke åbnet' });
  const reset = useAccountAction(user.id, { path: 'password-reset', done: `Link til ny adgangskode sendt til ${user.email}`, failed: 'Linket blev ikke sendt' });
  const loginLink = useAccountAction(user.id, { path: 'login-link', done: `Login-link sendt til ${user.email}`, failed: 'Linket blev ikke sendt' });
  const endSessions = useAccountAction(user.id, { path: 'sessions/end', done: `${name} er logget ud overalt`, failed: 'Sessionerne blev ikke afsluttet' });
  const resetTwoFactor = useAccountAction(user.id, { path: 'two-factor-reset', done: `${genitive(name)} totrinsbekræftelse er nulstillet`, failed: 'Totrinsbekræftelsen blev ikke nulstillet' });

  const confirmWith = (mutate: (variables: void, options: { onSettled: () => void }) => void) => () => mutate(undefined, { onSettled: close });
  const adminChange = role !== user.role && (role === 'admin' || user.role === 'admin');
  const isMe = me?.id === user.id;
  const isStaff = user.role !== 'user';

  return (
    <Panel title="Handlinger">
      <div className="space-y-6">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (role === user.role) return;
            if (adminChange) setAsking('role');
            else saveRole.mutate({ role });
          }}
        >
          <div className="min-w-44 flex-1 space-y-2">
            <Label htmlFor="person-role">Rolle</Label>
            <select id="person-role" value={role} onChange={(event) => setRole(event.target.value as Role)} className={cn(inputClass, 'pr-10')}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={role === user.role || saveRole.isPending}>
            {saveRole.isPending ? 'Gemmer...' : 'Gem rolle'}
          </Button>
        </form>

        <div className="grid gap-2">
          {user.disabledAt ? (
            <p className="text-sm text-muted-foreground">Kontoen er lukket. Åbn den igen for at sende den links.</p>
          ) : (
            <>
              <Button variant="secondary" disabled={reset.isPending} onClick={() => reset.mutate()}>
                {reset.isPending ? 'Sender...' : 'Send link til ny adgangskode'}
              </Button>
              <Button variant="secondary" disabled={loginLink.isPending} onClick={() => loginLink.mutate()}>
                {loginLink.isPending ? 'Sender...' : 'Send login-link'}
              </Button>
            </>
          )}
          <Button variant="secondary" disabled={view.sessions.length === 0} onClick={() => setAsking('sessions')}>
            Log ud overalt
          </Button>
          {isStaff && view.twoFactor.isSetUp ? (
            <Button variant="secondary" onClick={() => setAsking('two-factor')}>
              Nulstil totrinsbekræftelse
            </Button>
          ) : null}
          {user.disabledAt ? (
            <Button variant="primary" onClick={() => setAsking('enable')}>
              Åbn kontoen igen
            </Button>
          ) : isMe ? null : (
            <Button variant="destructive" onClick={() => setAsking('disable')}>
              Luk kontoen
            </Button>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={asking === 'role'}
        onOpenChange={(open) => !open && close()}
        title={role === 'admin' ? `Gør ${name} til administrator?` : `Tag administratorrollen fra ${name}?`}
        confirmLabel={role === 'admin' ? 'Gør til administrator' : 'Tag rollen'}
        pendingLabel="Gemmer..."
        pending={saveRole.isPending}
        variant={role === 'admin' ? 'primary' : 'destructive'}
        onConfirm={() => saveRole.mutate({ role }, { onSettled: close })}
      >
        {role === 'admin' ? (
          <p>En administrator kan se og ændre alt i bagkontoret, også andres roller og konti. {name} skal sætte totrinsbekræftelse op, før bagkontoret åbner.</p>
        ) : (
          <p>
            {name} får rollen {ROLE_LABELS[role]} og mister med det samme adgangen til det, kun administratorer kan. Mindested skal altid have mindst én aktiv administrator.
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'disable'}
        onOpenChange={(open) => !open && close()}
        title={`Luk ${genitive(name)} konto?`}
        confirmLabel="Luk kontoen"
        pendingLabel="Lukker..."
        pending={disable.isPending}
        onConfirm={confirmWith(disable.mutate)}
      >
        <p>{name} bliver logget ud alle steder med det samme og kan ikke logge ind, før kontoen åbnes igen. Links, der allerede er sendt til kontoen, holder op med at virke.</p>
        <p>Mindesider, QR-koder og alt andet på kontoen bliver, som det er.</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'enable'}
        onOpenChange={(open) => !open && close()}
        title={`Åbn ${genitive(name)} konto igen?`}
        confirmLabel="Åbn kontoen"
        pendingLabel="Åbner..."
        pending={enable.isPending}
        variant="primary"
        onConfirm={confirmWith(enable.mutate)}
      >
        <p>{name} kan igen logge ind med sin adgangskode eller et nyt login-link.</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'sessions'}
        onOpenChange={(open) => !open && close()}
        title={`Log ${name} ud overalt?`}
        confirmLabel="Log ud overalt"
        pendingLabel="Logger ud..."
        pending={endSessions.isPending}
        onConfirm={confirmWith(endSessions.mutate)}
      >
        <p>
          {view.sessions.length === 1 ? 'Den ene session' : `Alle ${view.sessions.length} sessioner`} slutter med det samme{isMe ? ', også din egen her' : ''}. {name} kan logge ind igen bagefter.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'two-factor'}
        onOpenChange={(open) => !open && close()}
        title={`Nulstil ${genitive(name)} totrinsbekræftelse?`}
        confirmLabel="Nulstil"
        pendingLabel="Nulstiller..."
        pending={resetTwoFactor.isPending}
        onConfirm={confirmWith(resetTwoFactor.mutate)}
      >
        <p>Godkendelses-appen og gendannelseskoderne holder op med at virke. {name} skal sætte totrinsbekræftelse op igen, næste gang bagkontoret åbnes.</p>
      </ConfirmDialog>
    </Panel>
  );
}
