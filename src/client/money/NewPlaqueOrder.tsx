/** /orders?new=plaque: the plaque form in its page (NewOrderFrame fetches what it needs). */
import { NewOrderFrame } from './NewOrderFrame';
import { PlaqueOrderForm } from './PlaqueOrderForm';

export function NewPlaqueOrder({ memorialId }: { memorialId?: string }) {
  return (
    <NewOrderFrame
      wide
      eyebrow="QR-plade"
      title="Bestil QR-plade"
      lead={<p>En plade med mindesidens QR-kode til stenen eller gravstedet. Når den bliver scannet, åbner mindesiden.</p>}
      needsMemorial="En plade hører til en mindeside, som du ejer eller er administrator af."
    >
      {(catalogue, memorials) => <PlaqueOrderForm catalogue={catalogue} memorials={memorials} memorialId={memorialId} />}
    </NewOrderFrame>
  );
}
