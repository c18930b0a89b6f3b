/** The words and signs for what visitors leave, as the administrators' page shows them. */
import { BookHeart, Feather, Flame, type LucideIcon, PenLine } from 'lucide-react';
import type { PostKind, PostStatus } from '@/shared/posts-api';

export const KINDS: Record<PostKind, { label: string; icon: LucideIcon }> = {
  candle: { label: 'Lys', icon: Flame },
  guestbook: { label: 'Hilsen', icon: PenLine },
  memory: { label: 'Minde', icon: BookHeart },
  tribute: { label: 'Mindeord', icon: Feather },
};

/** The lists, in the order of the tabs, with what each says when it is empty. */
export const LISTS: readonly { status: PostStatus; tab: string; empty: string; hint?: string }[] = [
  {
    status: 'pending',
    tab: 'Venter',
    empty: 'Der er ingen hilsner, der venter på dig.',
    hint: 'Her står lys, hilsner og minder fra besøgende, til du har godkendt eller afvist dem. De ældste står øverst.',
  },
  { status: 'approved', tab: 'Godkendt', empty: 'Der er ikke godkendt noget endnu.', hint: 'Det, der vises på mindesiden nu. Skjul det, du ikke længere vil vise.' },
  { status: 'hidden', tab: 'Skjult', empty: 'Der er intet skjult.', hint: 'Godkendt tidligere, men taget ned igen. Du kan vise det igen, når du vil.' },
  { status: 'rejected', tab: 'Afvist', empty: 'Der er intet afvist.', hint: 'Det, der aldrig blev vist. Det kan kun læses her, til vi sletter det i løbet af det næste døgn.' },
];

const WHEN = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' });

/** "12. maj 2025 kl. 14.05", in Danish time wherever the reader is. */
export const postedAt = (iso: string) => WHEN.format(new Date(iso));
