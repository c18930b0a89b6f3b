/**
 * What a look-up shows for what was typed or scanned: the code's card, or a refusal that names
 * what was read. A text that cannot be a code (its check character fails, or it is no code at all)
 * is refused here without asking the server; a well-formed code the server does not know is
 * refused by the server in the same words. The page decides first what a package's label does
 * (readFloorScan): this is for codes.
 */
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Notice } from '@/client/components/ui/notice';
import { ApiError } from '@/client/lib/request';
import { readFloorScan, unknownCodeMessage } from '@/shared/production';
import { formatCode } from '@/shared/qr-code';
import { CodeCard } from './CodeCard';
import { stateLabel } from './format';
import { useCode } from './use-qr';

/** The router's limit on an address segment: a longer text is sent as the code it holds. */
const SENT_AS_TYPED_MAX = 100;

export function CodeResult({ input }: { input: string }) {
  const scan = readFloorScan(input);
  const code = scan?.kind === 'code' ? scan.code : null;
  // As typed, so a code the server does not know is refused in the words it was typed in.
  const sent = input.trim().length <= SENT_AS_TYPED_MAX ? input.trim() : code;
  const query = useCode(code, sent);

  if (!code) return <Refusal message={unknownCodeMessage(input)} />;
  if (query.error instanceof ApiError && query.error.status === 404) return <Refusal message={query.error.message} />;
  if (!query.data) return <QueryStatus compact query={query} pending="Henter koden..." failed="Koden kunne ikke hentes" />;
  return (
    <>
      <p role="status" className="sr-only">
        {formatCode(query.data.code)}: {stateLabel(query.data.status)}
      </p>
      <CodeCard view={query.data} />
    </>
  );
}

function Refusal({ message }: { message: string }) {
  return (
    <div role="alert">
      <Notice tone="problem" title="Ukendt QR-kode">
        {message}
      </Notice>
    </div>
  );
}
