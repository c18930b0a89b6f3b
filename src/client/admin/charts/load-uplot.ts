/**
 * uPlot and its stylesheet, fetched the first time a chart is drawn: only the back office draws
 * charts, so no family's phone ever downloads them. One promise for the whole session.
 */
import type uPlot from 'uplot';

let loading: Promise<typeof uPlot> | undefined;

export function loadUplot(): Promise<typeof uPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
    .then(([module]) => module.default)
    .catch((error: unknown) => {
      // A dropped connection: the next chart asks again rather than failing for good.
      loading = undefined;
      throw error;
    });
  return loading;
}
