/**
 * The three questions of the members list, each naming the person and saying plainly what
 * follows: removing someone's access, leaving the memorial yourself, and handing the ownership to
 * a co-admin (who then decides over everything, while you stay on as co-admin).
 */
import type { Member } from '@/shared/members-api';
import type { Memorial } from '@/shared/memorials';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';

export interface Question {
  kind: 'remove' | 'leave' | 'transfer';
  member: Member;
}

interface MemberDialogsProps {
  /** The last question asked; it stays while its dialog closes, so the words do not vanish mid-animation. */
  question: Question | null;
  open: boolean;
  memorial: Memorial;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (question: Question) => void;
  onCloseAutoFocus: (event: Event) => void;
}

export function MemberDialogs({ question: shown, open, memorial, pending, onCancel, onConfirm, onCloseAutoFocus }: MemberDialogsProps) {
  if (!shown) return null;
  const { member } = shown;
  const name = member.fullName;

  const common = {
    open,
    onOpenChange: (next: boolean) => (next ? undefined : onCancel()),
    pending,
    onConfirm: () => onConfirm(shown),
    onCloseAutoFocus,
  };

  if (shown.kind === 'transfer') {
    return (
      <ConfirmDialog {...common} title={`Overdrag ejerskabet til ${name}?`} confirmLabel="Overdrag ejerskab" pendingLabel="Overdrager..." variant="primary">
        <p>{name} bliver ejer af mindesiden og kan derefter bestemme over alt, også hvem der har adgang, og om siden skal slettes.</p>
        <p>Du bliver selv medadministrator. Du kan stadig redigere mindesiden, men kun {name} kan give dig ejerskabet tilbage.</p>
      </ConfirmDialog>
    );
  }

  if (shown.kind === 'leave') {
    return (
      <ConfirmDialog {...common} title="Forlad mindesiden?" confirmLabel="Forlad mindesiden" pendingLabel="Forlader...">
        <p>Du kan derefter ikke længere redigere mindesiden for {memorial.name}.</p>
        <p>Ejeren kan give dig adgang igen, hvis du fortryder.</p>
      </ConfirmDialog>
    );
  }

  return (
    <ConfirmDialog {...common} title={`Fjern adgang for ${name}?`} confirmLabel="Fjern adgang" pendingLabel="Fjerner...">
      <p>
        {member.role === 'coadmin'
          ? `${name} kan derefter ikke længere redigere mindesiden.`
          : memorial.privacy === 'private'
            ? `${name} kan derefter ikke længere se mindesiden, fordi den er privat.`
            : `${name} mister sin adgang som læser. Mindesiden er ikke privat, så alle med adressen kan stadig se den.`}
      </p>
      <p>Du kan altid give adgang igen.</p>
    </ConfirmDialog>
  );
}
