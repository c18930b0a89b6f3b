/**
 * An order's or invoice's lines as a two-column table that fits a phone: what, with "2 stk. à
 * 499,00 kr." under it, and the amount. Prices include 25 % moms; an invoice also shows the sum
 * without moms and the moms in it, as a Danish invoice must.
 */
import { formatPrice } from './format';
import type { OrderDetail } from './use-money';

interface OrderLinesProps {
  lines: OrderDetail['lines'];
  totalOre: number;
  /** An invoice's split of the total: without moms, and the moms. */
  moms?: { netOre: number; momsOre: number };
  caption: string;
}

export function OrderLines({ lines, totalOre, moms, caption }: OrderLinesProps) {
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-sm text-muted-foreground">
          <th scope="col" className="py-2 pr-4 font-semibold">
            Vare
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Beløb
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index} className="border-b border-border align-top">
            <td className="py-3 pr-4">
              <span className="block break-words">{line.description}</span>
              {line.quantity !== 1 ? (
                <span className="block text-sm text-muted-foreground">
                  {line.quantity} stk. à {formatPrice(line.unitPriceOre)}
                </span>
              ) : null}
            </td>
            <td className="py-3 text-right whitespace-nowrap tabular-nums">{formatPrice(line.totalOre)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {moms ? (
          <>
            <tr className="text-muted-foreground">
              <th scope="row" className="pt-3 pr-4 text-right font-normal">
                Beløb uden moms
              </th>
              <td className="pt-3 text-right whitespace-nowrap tabular-nums">{formatPrice(moms.netOre)}</td>
            </tr>
            <tr className="text-muted-foreground">
              <th scope="row" className="pt-1 pr-4 text-right font-normal">
                Moms 25 %
              </th>
              <td className="pt-1 text-right whitespace-nowrap tabular-nums">{formatPrice(moms.momsOre)}</td>
            </tr>
          </>
        ) : null}
        <tr className="text-lg">
          <th scope="row" className="pt-3 pr-4 text-right font-semibold">
            I alt{moms ? '' : ' inkl. moms'}
          </th>
          <td className="pt-3 text-right font-semibold whitespace-nowrap tabular-nums">{formatPrice(totalOre)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
