/**
 * /qr-linking/{code}: the person chooses which of their memorials their code opens (one, or two
 * for a shared stone), and then sees what the stone now opens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CardPage } from '@/client/components/layout/CardPage';
import { usePageTitle } from '@/client/lib/page-title';
import { formatCode } from '@/shared/qr-code';
import { LinkForm } from './LinkForm';
import { OwnCode } from './OwnCode';

export default function QrLinkingPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle('Knyt QR-koden til en mindeside');

  const done = (own: string) => async (linked: boolean) => {
    if (!linked) return void navigate(`/qr-setup/${own}`);
    await queryClient.invalidateQueries({ queryKey: ['/api/user/owned-qr-codes'] });
    // The stone's own way in: /qr-scan/{code} now leads to the memorial (or the shared page).
    void navigate(`/qr-scan/${own}`, { replace: true });
  };

  return (
    <OwnCode code={code}>
      {(own) => (
        <CardPage title="Knyt koden til en mindeside" lead={<p>Koden {formatCode(own)} skal åbne den mindeside, du vælger herunder.</p>}>
          <LinkForm code={{ code: own }} onDone={done(own)} cancelText="Tilbage" />
        </CardPage>
      )}
    </OwnCode>
  );
}
