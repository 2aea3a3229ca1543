// Charts drawn as SVG: a time series (one or two lines, each on its own
// scale) and a curve over 0–100 % (retention). Each point has a <title>,
// and every chart has a text summary for screen readers.
import { html, nothing, svg } from 'lit';

const H = 220;
/** The drawing's width: narrower on a phone, so that its labels stay readable. */
const width = () => (globalThis.innerWidth < 760 ? 400 : 720);
const PAD = { l: 44, r: 44, t: 12, b: 28 };

function nice(max: number): number {
  if (max <= 0) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(max)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** A top of the scale for counts: four whole steps (4, 8, 12, 20, 40, …). */
function niceInt(max: number): number {
  const step = Math.max(1, Math.ceil(max / 4));
  const p = Math.pow(10, Math.floor(Math.log10(step)));
  for (const m of [1, 2, 2.5, 3, 5, 10]) if (m * p >= step && Number.isInteger(m * p)) return 4 * m * p;
  return 40 * p;
}

function short(n: number): string {
  if (n >= 1e6) return (n / 1e6).toFixed(1).replace(/\.0$/, '') + 'M';
  if (n >= 1e3) return (n / 1e3).toFixed(1).replace(/\.0$/, '') + 'k';
  return String(+n.toFixed(n < 10 ? 2 : 1));
}

export interface Series {
  label: string;
  values: number[];
  format: (v: number) => string;
  /** Whole numbers (views): whole ticks. */
  integer?: boolean;
}

/**
 * A line chart over labelled x positions: the first series on the left
 * axis (filled), the optional second dashed on the right axis.
 */
export function lineChart(xs: string[], a: Series, b?: Series, summary = '') {
  const n = xs.length;
  if (!n) return nothing;
  const W = width();
  const iw = W - PAD.l - PAD.r;
  const ih = H - PAD.t - PAD.b;
  const x = (i: number) => PAD.l + (n === 1 ? iw / 2 : (i / (n - 1)) * iw);
  const top = (s: Series) => (s.integer ? niceInt : nice)(Math.max(...s.values, 0));
  const maxA = top(a);
  const maxB = b ? top(b) : 1;
  const ya = (v: number) => PAD.t + ih - (v / maxA) * ih;
  const yb = (v: number) => PAD.t + ih - (v / maxB) * ih;
  const path = (vals: number[], y: (v: number) => number) => vals.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const area = `${path(a.values, ya)}L${x(n - 1).toFixed(1)},${PAD.t + ih}L${x(0).toFixed(1)},${PAD.t + ih}Z`;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const every = Math.max(1, Math.ceil(n / (W < 720 ? 4 : 7)));
  const slot = n > 1 ? iw / (n - 1) : iw;
  return html`<figure style="margin:0">
    <svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label=${summary || `${a.label}${b ? ' and ' + b.label : ''} over time`}>
      ${ticks.map((t) => svg`<line class="grid" x1=${PAD.l} x2=${W - PAD.r} y1=${ya(t * maxA)} y2=${ya(t * maxA)}></line>
        <text x=${PAD.l - 6} y=${ya(t * maxA) + 4} text-anchor="end">${short(t * maxA)}</text>
        ${b ? svg`<text x=${W - PAD.r + 6} y=${yb(t * maxB) + 4}>${short(t * maxB)}</text>` : nothing}`)}
      ${xs.map((l, i) => (i % every === 0 || i === n - 1) && (i === n - 1 || n - 1 - i > every / 2)
        ? svg`<text x=${x(i)} y=${H - 8} text-anchor="middle">${l}</text>`
        : nothing)}
      <path class="area" d=${area}></path>
      <path class="line" d=${path(a.values, ya)}></path>
      ${b ? svg`<path class="line2" d=${path(b.values, yb)}></path>` : nothing}
      ${n <= 60 ? a.values.map((v, i) => svg`<circle class="pt" cx=${x(i)} cy=${ya(v)} r="3"></circle>`) : nothing}
      ${xs.map((l, i) => svg`<rect class="hit" x=${x(i) - slot / 2} y=${PAD.t} width=${slot} height=${ih}><title>${l}: ${a.format(a.values[i])} ${a.label.toLowerCase()}${b ? `, ${b.format(b.values[i])} ${b.label.toLowerCase()}` : ''}</title></rect>`)}
    </svg>
    <figcaption class="legend"><span><i></i>${a.label}</span>${b ? html`<span><i class="l2"></i>${b.label}</span>` : nothing}</figcaption>
  </figure>`;
}

/** The share of views still watching at each percent of the duration. */
export function retentionChart(points: number[]) {
  if (!points?.length) return nothing;
  const xs = points.map((_, i) => `${i}%`);
  const s: Series = { label: 'Still watching', values: points.map((p) => Math.round(p * 1000) / 10), format: (v) => `${v} %` };
  const half = points.findIndex((p) => p < 0.5);
  return lineChart(xs, s, undefined, `Retention: ${half < 0 ? 'over half of the views watched to the end' : `half of the views were still watching at ${half} % of the video`}`);
}

/** Horizontal bars: a breakdown (devices, browsers, referrers). */
export function bars(rows: { name: string; views: number }[], empty = 'No views yet.') {
  if (!rows?.length) return html`<p class="muted small">${empty}</p>`;
  const max = Math.max(...rows.map((r) => r.views), 1);
  return html`<div>${rows.slice(0, 8).map(
    (r) => html`<div class="hbar"><span class="ellipsis" title=${r.name}>${r.name || 'unknown'}</span><span class="track" aria-hidden="true"><span style="width:${((r.views / max) * 100).toFixed(1)}%"></span></span><span class="num">${r.views}</span></div>`,
  )}</div>`;
}

/** Watch time per interval, in seconds or minutes, whichever reads better. */
export function watchSeries(series: { watch_time_seconds: number }[]): Series {
  const secs = series.map((p) => p.watch_time_seconds);
  const minutes = Math.max(...secs, 0) >= 120;
  return {
    label: minutes ? 'Watch time (min)' : 'Watch time (s)',
    values: secs.map((x) => (minutes ? x / 60 : x)),
    format: (x) => x.toFixed(minutes ? 1 : 0),
  };
}
