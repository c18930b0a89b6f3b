/** /orders?new=greeting and ?new=song: an AI extra's form in its page (NewOrderFrame fetches what it needs). */
import { ExtraOrderForm } from './ExtraOrderForm';
import { NewOrderFrame } from './NewOrderFrame';
import type { ExtraKind } from './product-words';

const PAGES: Record<ExtraKind, { eyebrow: string; title: string; lead: string; needsMemorial: string }> = {
  animated_greeting: {
    eyebrow: 'Animeret hilsen',
    title: 'Bestil animeret hilsen',
    lead: 'En hilsen, der bliver på mindesiden, så familie og venner kan se den.',
    needsMemorial: 'En hilsen hører til en mindeside, som du ejer eller er administrator af.',
  },
  song: {
    eyebrow: 'Sang med AI',
    title: 'Bestil sang med AI',
    lead: 'En sang, der bliver på mindesiden, så familie og venner kan lytte til den.',
    needsMemorial: 'En sang hører til en mindeside, som du ejer eller er administrator af.',
  },
};

export function NewExtraOrder({ kind, memorialId }: { kind: ExtraKind; memorialId?: string }) {
  const page = PAGES[kind];
  return (
    <NewOrderFrame eyebrow={page.eyebrow} title={page.title} lead={<p>{page.lead}</p>} needsMemorial={page.needsMemorial}>
      {(catalogue, memorials) => <ExtraOrderForm key={kind} kind={kind} catalogue={catalogue} memorials={memorials} memorialId={memorialId} />}
    </NewOrderFrame>
  );
}
