/**
 * /admin/warehouse-scanner: the packing table's scanner inside the back office, for whoever has
 * the side nav open anyway; /warehouse-scan is the same scanner full screen for a tablet.
 */
import { Link } from 'react-router';
import { Maximize2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { AdminLayout } from '../AdminLayout';
import { WarehouseScanner } from './WarehouseScanner';

export default function WarehouseScannerPage() {
  return (
    <AdminLayout
      title="Lager"
      description="Scan koder og pakkers etiketter ind på lager eller ud til en forhandler, én efter én, uden at røre skærmen."
      actions={
        <Button asChild variant="secondary">
          <Link to="/warehouse-scan">
            <Maximize2 aria-hidden="true" />
            Fuld skærm til pakkebordet
          </Link>
        </Button>
      }
    >
      <WarehouseScanner />
    </AdminLayout>
  );
}
