/** "Varer": the order's lines at the prices paid (copied when bought, so a later price change never shows here), and the total incl. moms. */
import { formatPrice } from '@/shared/pricing';
import { Panel } from '../Panel';
import { danishNumber } from '../people/format';
import type { AdminOrder } from './use-money';

export function OrderLines({ order }: { order: AdminOrder }) {
  return (
    <Panel title="Varer">
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Ordrens varer til de betalte priser</caption>
          <thead className="text-xs tracking-wide text-muted-foreground uppercase">
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-3 font-semibold">Vare</th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">Antal</th>
              <th scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">Stykpris</th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">Beløb</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {order.lines.map((line, index) => (
              <tr key={index}>
                <td className="py-2 pr-3 break-words">{line.description}</td>
                <td className="px-3 py-2 text-right tabular-nums">{danishNumber(line.quantity)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatPrice(line.unitPriceOre)}</td>
                <td className="py-2 pl-3 text-right whitespace-nowrap tabular-nums">{formatPrice(line.totalOre)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-border">
              <th scope="row" colSpan={3} className="py-2 pr-3 text-right font-semibold">
                I alt inkl. moms
              </th>
              <td className="py-2 pl-3 text-right font-semibold whitespace-nowrap tabular-nums">{formatPrice(order.totalOre)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Panel>
  );
}
