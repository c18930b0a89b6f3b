/**
 * "Adgang", the people part: who has access to the memorial and in which role, adding someone who
 * already has an account, changing a role, removing someone, and handing the ownership on. The
 * edit page renders it under the "Adgang" heading, after the privacy choice. The owner sees every
 * change; a co-admin adds and removes viewers and may leave. The server decides; this only hides.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useUser } from '@/client/lib/use-user';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Notice } from '@/client/components/ui/notice';
import { errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { GrantableRole, Member } from '@/shared/members-api';
import type { Memorial } from '@/shared/memorials';
import { AddMemberForm } from './AddMemberForm';
import { InvitationsPart } from './InvitationsPart';
import { MemberDialogs, type Question } from './MemberDialogs';
import { type MemberActions, MemberRow } from './MemberRow';
import { ROLE_DESCRIPTIONS, ROLE_NAMES, roleInSentence } from './roles';
import { useMemberChanges, useMembers } from './use-members';

export function MembersSection({ memorial }: { memorial: Memorial }) {
  const myRole = memorial.viewer.role;
  const { user } = useUser();
  const members = useMembers(memorial.id);
  const changes = useMemberChanges(memorial.id);
  const [question, setQuestion] = useState<Question | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (next: Question) => {
    setQuestion(next);
    setAsking(true);
  };
  const listHeading = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (myRole !== 'owner' && myRole !== 'coadmin') return null;
  // A deleted memorial keeps its members as they are until it is restored (the server refuses changes).
  const readOnly = memorial.deletedAt !== null;

  const changeRole = (member: Member, role: GrantableRole) =>
    changes.changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast({ title: 'Rollen er ændret', description: `${member.fullName} er nu ${roleInSentence(role)}.` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Rollen blev ikke ændret', description: errorMessage(error) }),
      },
    );

  const actions: MemberActions = {
    changeRole,
    askRemove: (member) => ask({ kind: member.userId === user?.id ? 'leave' : 'remove', member }),
    askTransfer: (member) => ask({ kind: 'transfer', member }),
  };

  const confirm = (asked: Question) => {
    const { member } = asked;
    if (asked.kind === 'transfer') {
      changes.transfer.mutate(member.userId, {
        onSuccess: () => {
          answered.current = true;
          setAsking(false);
          toast({ title: 'Ejerskabet er overdraget', description: `${member.fullName} er nu ejer af mindesiden, og du er medadministrator.` });
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Ejerskabet blev ikke overdraget', description: errorMessage(error) }),
      });
      return;
    }
    changes.remove.mutate(member.userId, {
      onSuccess: () => {
        answered.current = true;
        setAsking(false);
        if (asked.kind === 'leave') {
          toast({ title: 'Du har forladt mindesiden', description: `Du kan ikke længere redigere mindesiden for ${memorial.name}.` });
          // Away from a page the person may no longer edit, before it notices.
          void navigate('/profile');
          void queryClient.invalidateQueries({ queryKey: ['memorial'] });
          void queryClient.invalidateQueries({ queryKey: ['/api/user/memorials'] });
          return;
        }
        toast({ title: 'Adgang fjernet', description: `${member.fullName} har ikke længere adgang til mindesiden.` });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Adgangen blev ikke fjernet', description: errorMessage(error) }),
    });
  };

  const busyWith = (member: Member) => changes.changeRole.isPending && changes.changeRole.variables.userId === member.userId;

  return (
    <div className="space-y-10">
      <div>
        <h3 ref={listHeading} tabIndex={-1} className="text-xl font-semibold focus:outline-none sm:text-2xl">
          Personer med adgang
        </h3>
        <dl className="mt-4 space-y-2 text-muted-foreground">
          {(['owner', 'coadmin', 'viewer'] as const).map((role) => (
            <div key={role}>
              <dt className="inline font-semibold text-foreground">{ROLE_NAMES[role]}: </dt>
              <dd className="inline">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
        {memorial.privacy !== 'private' ? (
          <p className="mt-4 text-muted-foreground">
            Mindesiden er ikke privat, så alle med adressen kan se den. Læsere får først betydning, hvis du gør siden privat.
          </p>
        ) : null}

        {members.isPending || members.isError ? (
          <QueryStatus compact query={members} pending="Henter, hvem der har adgang..." failed="Listen kunne ikke hentes" className="mt-6" />
        ) : (
          <>
            <ul aria-label="Personer med adgang" className="mt-6 divide-y divide-border border-y border-border">
              {members.data.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  myRole={readOnly ? 'viewer' : myRole}
                  isSelf={member.userId === user?.id}
                  busy={busyWith(member)}
                  actions={actions}
                />
              ))}
            </ul>
            {members.data.length === 1 ? (
              <p className="mt-4 text-muted-foreground">Indtil videre er det kun dig, der har adgang. Herunder kan du give familie og venner adgang.</p>
            ) : null}
          </>
        )}
      </div>

      {readOnly ? (
        <Notice>Mindesiden er slettet. Gendan den, før du ændrer, hvem der har adgang.</Notice>
      ) : (
        <div>
          <h3 className="text-xl font-semibold sm:text-2xl">Giv en person adgang</h3>
          <p className="mt-2 mb-6 text-muted-foreground">Skriv brugernavnet eller e-mailadressen på personens konto hos Mindested.</p>
          <AddMemberForm add={changes.add} canAddCoadmins={myRole === 'owner'} />
        </div>
      )}

      {/* Only the owner makes co-admins, so only the owner invites them. */}
      {!readOnly && myRole === 'owner' ? <InvitationsPart memorialId={memorial.id} /> : null}

      <MemberDialogs
        question={question}
        open={asking}
        memorial={memorial}
        pending={changes.remove.isPending || changes.transfer.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          // After a change the button that opened the dialog is gone (the person's row, or the
          // owner's buttons after a hand-over): focus goes to the list instead of the page's top.
          if (!answered.current) return;
          answered.current = false;
          event.preventDefault();
          listHeading.current?.focus();
        }}
      />
    </div>
  );
}
