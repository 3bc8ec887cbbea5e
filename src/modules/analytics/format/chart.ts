import type { TopLevelSpec } from 'vega-lite';
import { onFirstUse } from '../../../lib/on-first-use';
import { at, ReportFormat, tableOf } from './report-format';

const WIDTH = 640;
const HEIGHT = 320;
const vega = onFirstUse('vega');
const vegaLite = onFirstUse('vega-lite');

/** Numbers for the chart: money and counts arrive as decimal strings or numbers; anything else is 0. */
const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0;

/** The vega-lite specification of a report's chart, its data inlined (one datum per table row and series). */
export function chartSpec(body: unknown, format: ReportFormat, subtitle: string): TopLevelSpec {
  const c = format.chart;
  const values = tableOf(body, format).flatMap((row) =>
    c.y.map((series) => ({ x: String(at(row, c.x) ?? ''), series, value: num(at(row, series)) })),
  );
  const several = c.y.length > 1;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: { text: c.title, subtitle },
    width: WIDTH,
    height: HEIGHT,
    background: 'white',
    data: { values },
    mark: c.mark === 'bar' ? { type: 'bar' } : { type: c.mark, point: true },
    encoding: {
      x: { field: 'x', type: 'ordinal', sort: null, title: null, axis: { labelAngle: -40, labelLimit: 120 } },
      y: { field: 'value', type: 'quantitative', title: c.yTitle ?? null, ...(c.stack ? {} : { stack: null }) },
      ...(several ? { color: { field: 'series', type: 'nominal', title: null, sort: c.y } } : {}),
      ...(several && c.mark === 'bar' && !c.stack ? { xOffset: { field: 'series', sort: c.y } } : {}),
      tooltip: [{ field: 'x' }, { field: 'series' }, { field: 'value', type: 'quantitative' }],
    },
    config: { font: 'sans-serif' },
  } as TopLevelSpec;
}

/** Renders the report as a standalone SVG document, on the server, without a browser or a canvas. */
export async function toSvg(body: unknown, format: ReportFormat, subtitle: string): Promise<string> {
  const { parse, View } = vega();
  const view = new View(parse(vegaLite().compile(chartSpec(body, format, subtitle)).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
