/** /subscription/success?session_id=…: back from paying for Premium (CheckoutReturn shows only what the server says). */
import { Link } from 'react-router';
import { usePageTitle } from '@/client/lib/page-title';
import { CheckoutReturn } from './CheckoutReturn';

export default function SubscriptionSuccessPage() {
  usePageTitle('Tak for købet');
  return (
    <CheckoutReturn
      later={<Link to="/subscription">Gå til abonnementer</Link>}
      paid={(result) =>
        result.memorial
          ? {
              title: `Tak! ${result.memorial.name} har nu Premium`,
              text: 'Betalingen er modtaget, og fakturaen ligger under jeres bestillinger.',
              action: <Link to={`/memorial/${result.memorial.slug}`}>Gå til mindesiden</Link>,
            }
          : {
              title: 'Tak! Betalingen er modtaget',
              text: 'Fakturaen ligger under jeres bestillinger.',
              action: <Link to="/subscription">Gå til abonnementer</Link>,
            }
      }
    />
  );
}
