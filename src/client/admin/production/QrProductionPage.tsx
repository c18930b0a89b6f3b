/**
 * /admin/qr-production: the production queue in the back office (issue 23 item 5). The floor's
 * own screen, /production, shows the same queue without the back office around it.
 */
import { Link } from 'react-router';
import { Maximize2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { AdminLayout } from '../AdminLayout';
import { ProductionQueueView } from './ProductionQueueView';

export default function QrProductionPage() {
  return (
    <AdminLayout
      title="Produktion"
      description="Det, der skal laves: pakker med QR-koder til tryk og plader til lasergravering. Ældste først."
      actions={
        <Button asChild variant="secondary" size="sm">
          <Link to="/production">
            <Maximize2 aria-hidden="true" />
            Fuld skærm
          </Link>
        </Button>
      }
    >
      <ProductionQueueView />
    </AdminLayout>
  );
}
