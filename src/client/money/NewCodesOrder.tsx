/** /orders?new=codes: the extra codes' form in its page (NewOrderFrame fetches what it needs). */
import { CodesOrderForm } from './CodesOrderForm';
import { NewOrderFrame } from './NewOrderFrame';

export function NewCodesOrder({ memorialId }: { memorialId?: string }) {
  return (
    <NewOrderFrame
      eyebrow="Ekstra QR-koder"
      title="Bestil ekstra QR-koder"
      lead={<p>Flere QR-koder, der åbner samme mindeside – fx til urnehaven, et billede derhjemme eller resten af familien. Vi sender dem med posten.</p>}
      needsMemorial="En QR-kode åbner en mindeside, som du ejer eller er administrator af."
    >
      {(catalogue, memorials) => <CodesOrderForm catalogue={catalogue} memorials={memorials} memorialId={memorialId} />}
    </NewOrderFrame>
  );
}
