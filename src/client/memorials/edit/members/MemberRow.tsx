/**
 * One person with access: name, username and role, and the changes the reader may make to them.
 * The buttons carry the person's name for a screen reader ("Fjern adgang for Bent Hansen"), since
 * a list of identical "Fjern adgang" buttons says nothing out of context.
 */
import { Crown, LogOut, ShieldCheck, UserMinus, UserRound } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import type { GrantableRole, Member } from '@/shared/members-api';
import type { MemberRole } from '@/shared/memorials';
import { ROLE_NAMES } from './roles';

const danishDate = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });

export interface MemberActions {
  changeRole: (member: Member, role: GrantableRole) => void;
  askRemove: (member: Member) => void;
  askTransfer: (member: Member) => void;
}

interface MemberRowProps {
  member: Member;
  /** The reader's own role on the memorial. */
  myRole: MemberRole;
  isSelf: boolean;
  /** A change to this person is on its way to the server. */
  busy: boolean;
  actions: MemberActions;
}

export function MemberRow({ member, myRole, isSelf, busy, actions }: MemberRowProps) {
  const owner = myRole === 'owner';
  const forWhom = <span className="sr-only"> for {member.fullName}</span>;
  const buttons = [];

  if (owner && !isSelf && member.role === 'viewer') {
    buttons.push(
      <Button key="up" variant="secondary" size="sm" disabled={busy} onClick={() => actions.changeRole(member, 'coadmin')}>
        <ShieldCheck aria-hidden="true" />
        Gør til medadministrator{forWhom}
      </Button>,
    );
  }
  if (owner && member.role === 'coadmin') {
    buttons.push(
      <Button key="down" variant="secondary" size="sm" disabled={busy} onClick={() => actions.changeRole(member, 'viewer')}>
        <UserRound aria-hidden="true" />
        Gør til læser{forWhom}
      </Button>,
      <Button key="owner" variant="secondary" size="sm" disabled={busy} onClick={() => actions.askTransfer(member)}>
        <Crown aria-hidden="true" />
        Overdrag ejerskab{forWhom}
      </Button>,
    );
  }
  if (!isSelf && member.role !== 'owner' && (owner || member.role === 'viewer')) {
    buttons.push(
      <Button key="remove" variant="quiet" size="sm" disabled={busy} onClick={() => actions.askRemove(member)} className="text-destructive hover:bg-destructive-soft">
        <UserMinus aria-hidden="true" />
        Fjern adgang{forWhom}
      </Button>,
    );
  }
  if (isSelf && myRole === 'coadmin') {
    buttons.push(
      <Button key="leave" variant="quiet" size="sm" disabled={busy} onClick={() => actions.askRemove(member)} className="text-destructive hover:bg-destructive-soft">
        <LogOut aria-hidden="true" />
        Forlad mindesiden
      </Button>,
    );
  }

  return (
    <li className="flex flex-col gap-3 py-5 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="text-lg font-semibold break-words">
          {member.fullName}
          {isSelf ? <span className="font-normal text-muted-foreground"> (dig)</span> : null}
        </p>
        <p className="text-sm break-words text-muted-foreground">
          @{member.username} · har adgang siden {danishDate.format(new Date(member.since))}
        </p>
        <p className="mt-2">
          <span
            className={cn(
              'inline-flex items-center rounded-full border px-3 py-0.5 text-sm font-semibold',
              member.role === 'owner' ? 'border-gold/60 bg-gold-soft text-foreground' : 'border-border bg-secondary text-foreground',
            )}
          >
            {ROLE_NAMES[member.role]}
          </span>
        </p>
      </div>
      {buttons.length ? <div className="flex flex-wrap gap-2 sm:max-w-[24rem] sm:justify-end">{buttons}</div> : null}
    </li>
  );
}
