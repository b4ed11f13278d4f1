/**
 * A bar chart drawn as SVG (docs/decisions/1031): one bar per time bucket, stacked when it has several
 * series. Under the strict CSP (`style-src 'self'`) it has no style attribute: sizes are SVG geometry
 * attributes, colours come from the style sheet's classes (`dash-tone-*`, theme tokens). The drawing is
 * hidden from screen readers; its numbers are the visually hidden table beside it, the chart's text
 * alternative, and its caption says what it shows.
 */

export interface Series {
  key: string;
  label: string;
  /** 1 to 5: the style sheet's `dash-tone-<n>` colour */
  tone: number;
  /** one per bucket; null: nothing to show (no payment in the bucket) */
  values: Array<number | null>;
}

export interface BarChartProps {
  id: string;
  title: string;
  /** a sentence of the chart's totals, under its title */
  summary: string;
  /** the buckets' labels, long (the table) and short (the axis) */
  buckets: Array<{ long: string; short: string }>;
  /** the header of the table's first column */
  bucketHeader: string;
  series: Series[];
  format: (value: number) => string;
  /** the scale's top; default the tallest stack */
  max?: number;
  /** counts: the scale's top is an even whole number, so its middle is whole too */
  whole?: boolean;
  /** draw an axis label under every `labelEvery`th bucket */
  labelEvery: number;
}

const W = 540;
const H = 220;
/** the scale's labels are 13 units high (.dash-axis); a digit or sign is at most about 8 wide */
const CHAR_W = 8;
const BOTTOM = 24;
const TOP = 8;

export function BarChart(p: BarChartProps) {
  const n = p.buckets.length;
  const totals = p.buckets.map((_, i) => p.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const tallest = Math.max(0, ...totals);
  const top = p.max ?? (p.whole ? Math.ceil(tallest / 2) * 2 : tallest);
  const scale = top > 0 ? top : 1;
  const plotH = H - TOP - BOTTOM;
  const y = (v: number) => TOP + plotH - (v / scale) * plotH;
  const ticks = [0, scale / 2, scale];
  const labels = ticks.map((v) => (top > 0 || v === 0 ? p.format(v) : ''));
  // room on the left for the longest label of the scale ("€12,345.67"), so none is cut off
  const left = Math.max(40, Math.ceil(Math.max(...labels.map((l) => l.length)) * CHAR_W) + 10);
  const step = (W - left) / n;
  const barW = Math.max(2, step * 0.7);
  return (
    <figure class="dash-chart" data-chart={p.id}>
      <figcaption>
        <span class="dash-chart-title" id={`${p.id}-title`}>
          {p.title}
        </span>
        <span class="dash-hint">{p.summary}</span>
      </figcaption>
      {p.series.length > 1 ? (
        <ul class="dash-legend" aria-hidden="true">
          {p.series.map((s) => (
            <li key={s.key}>
              <svg viewBox="0 0 10 10" class="dash-swatch">
                <rect width="10" height="10" class={`dash-tone-${s.tone}`} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <svg class="dash-chart-svg" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
        {ticks.map((v, i) => (
          <g key={v}>
            <line class="dash-grid" x1={left} x2={W} y1={y(v)} y2={y(v)} />
            <text class="dash-axis" x={left - 6} y={y(v) + 4} text-anchor="end">
              {labels[i]}
            </text>
          </g>
        ))}
        {p.buckets.map((b, i) => {
          let base = 0;
          const x = left + i * step + (step - barW) / 2;
          return (
            <g key={i}>
              {p.series.map((s) => {
                const v = s.values[i] ?? 0;
                if (v <= 0) return null;
                const rect = (
                  <rect
                    key={s.key}
                    class={`dash-tone-${s.tone}`}
                    x={x}
                    width={barW}
                    y={y(base + v)}
                    height={y(base) - y(base + v)}
                  />
                );
                base += v;
                return rect;
              })}
              {i % p.labelEvery === 0 ? (
                <text class="dash-axis" x={x + barW / 2} y={H - 6} text-anchor="middle">
                  {b.short}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <div class="dash-sr">
        <table aria-labelledby={`${p.id}-title`}>
          <thead>
            <tr>
              <th scope="col">{p.bucketHeader}</th>
              {p.series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.buckets.map((b, i) => (
              <tr key={i}>
                <th scope="row">{b.long}</th>
                {p.series.map((s) => {
                  const v = s.values[i];
                  return <td key={s.key}>{v === null || v === undefined ? '—' : p.format(v)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
