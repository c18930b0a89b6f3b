/** The family's words for the AI extras' pages, written once so the greeting and the song say them alike. */
import type { AiOrder, AiOverview, Generation } from '@/shared/ai-api';
import type { AiCalls } from './api';

export type ExtraPage = 'greeting' | 'song';

export const ORDER_KIND: Record<ExtraPage, AiOrder['kind']> = { greeting: 'animated_greeting', song: 'song' };

/** "Hilsen fra ordre nr. 12": an order's part of the page, when there is more than one. */
export const orderLabel = (page: ExtraPage, number: number) => `${page === 'greeting' ? 'Hilsen' : 'Sang'} fra ordre nr. ${number}`;

/** What each page's part for one paid order is given. */
export interface OrderProps {
  idOrSlug: string;
  overview: AiOverview;
  order: AiOrder;
  /** More than one order on the page: each says which it is. */
  numbered: boolean;
}

/** What a page's finished try (a greeting, a song) is given, also where a refunded order keeps it. */
export interface ResultProps {
  generation: Generation;
  calls: AiCalls;
  triesLeft: number;
  onTryAgain?: () => void;
  onDeleted: () => void;
}

/** "1 forsøg tilbage", "Ingen forsøg tilbage". */
export const triesLeftText = (left: number) => (left <= 0 ? 'Ingen forsøg tilbage' : `${left} forsøg tilbage`);
export const draftsLeftText = (left: number) => (left <= 0 ? 'Ingen udkast tilbage' : left === 1 ? '1 udkast tilbage' : `${left} udkast tilbage`);

/** An order the family can make something with: paid, and not cancelled or refunded. */
export const workable = (order: AiOrder) => order.status !== 'pending_payment' && order.status !== 'cancelled' && order.status !== 'refunded';

/**
 * A refunded order makes nothing more, but what it made stays the family's (it may be on the
 * memorial page): it is listed, to be shown, taken off or deleted.
 */
export const refundedWithResults = (order: AiOrder) => order.status === 'refunded' && order.generations.some((generation) => generation.result !== null);

export const REFUNDED_NOTE = 'Bestillingen er refunderet, så der kan ikke laves mere med den. Det, der blev lavet, er stadig jeres.';

export const WAITING = 'Venter på at komme til';
export const WORKING = 'I gang – det tager som regel et par minutter. I kan lukke siden; vi gør den færdig alligevel.';
export const WRITING = 'Skriver et udkast – det tager som regel under et minut.';

/** What is under way, in the sentence the progress shows and the live region reads. */
export function progressText(generation: Generation): string {
  if (generation.status === 'queued') return WAITING;
  return generation.kind === 'lyrics' ? WRITING : WORKING;
}

/** "12. marts 2025 kl. 14.05": when a try was made. */
export function madeAt(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });
  const time = date.toLocaleTimeString('da-DK', { hour: '2-digit', minute: '2-digit' });
  return `${day} kl. ${time}`;
}
