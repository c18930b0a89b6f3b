/** /create-memorial/blank: a memorial from just a name and dates; the rest on the edit page. */
import { Card, CardBody } from '@/client/components/ui/card';
import { CreateShell } from './CreateShell';
import { NewMemorialForm } from './NewMemorialForm';

export default function BlankCreatePage() {
  return (
    <CreateShell title="Blank mindeside" lead="Begynd med navnet. Livshistorie, billeder og gravsted kan I tilføje bagefter.">
      <Card>
        <CardBody>
          <NewMemorialForm />
        </CardBody>
      </Card>
    </CreateShell>
  );
}
