/** /invoice-payment-success?session_id=…: back from paying an invoice by card or MobilePay. */
import { Link } from 'react-router';
import { usePageTitle } from '@/client/lib/page-title';
import { CheckoutReturn } from './CheckoutReturn';

export default function InvoicePaymentSuccessPage() {
  usePageTitle('Tak for betalingen');
  return (
    <CheckoutReturn
      later={<Link to="/orders">Gå til mine bestillinger</Link>}
      paid={(result) => ({
        title: 'Tak for betalingen',
        text: `Ordre nr. ${result.order.number} er betalt. Fakturaen er markeret som betalt og ligger under jeres bestillinger.`,
        action: result.invoiceId ? <Link to={`/invoice-payment/${result.invoiceId}`}>Se fakturaen</Link> : <Link to={`/orders?order=${result.order.id}`}>Se ordren</Link>,
      })}
    />
  );
}
