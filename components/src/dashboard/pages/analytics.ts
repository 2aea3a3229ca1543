// Analytics of the whole space: plays and watch time over time, top
// videos, startup time, rebuffering, devices — cookieless, as GET /v1/stats
// gives them.
import { html, nothing } from 'lit';
import { Stats } from '../api.js';
import { bars, lineChart, watchSeries } from '../chart.js';
import { href } from '../router.js';
import { app } from '../state.js';
import { define, empty, errorBox, fmtNum, fmtPct, fmtSeconds, LightElement, readOnlyBanner } from '../ui.js';

const RANGES: [string, string, number, 'hour' | 'day'][] = [
  ['24h', 'Last 24 hours', 1, 'hour'],
  ['7d', 'Last 7 days', 7, 'day'],
  ['30d', 'Last 30 days', 30, 'day'],
];

export class AnalyticsPage extends LightElement {
  static properties = { _range: { state: true }, _stats: { state: true }, _error: { state: true } };
  declare _range: string;
  declare _stats: Stats | null;
  declare _error: unknown;

  constructor() {
    super();
    this._range = new URLSearchParams(location.search).get('range') || '7d';
    this._stats = null;
    this._error = null;
  }
  connectedCallback() {
    super.connectedCallback();
    void this._load();
  }

  private async _load() {
    const r = RANGES.find((x) => x[0] === this._range) || RANGES[1];
    const to = new Date();
    const from = new Date(to.getTime() - r[2] * 86400000);
    try {
      this._stats = await app.api!.get<Stats>('/v1/stats', { from: from.toISOString(), to: to.toISOString(), interval: r[3] });
      this._error = null;
    } catch (e) {
      this._error = e;
    }
  }

  render() {
    const s = this._stats;
    const r = RANGES.find((x) => x[0] === this._range) || RANGES[1];
    const label = (iso: string) =>
      r[3] === 'hour' ? new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
    return html`<div class="page">
      <div class="page-head"><h1>Analytics</h1>
        <div class="field" style="width:auto"><label for="a-range" class="visually-hidden">Period</label>
          <select id="a-range" @change=${(e: Event) => {
            this._range = (e.target as HTMLSelectElement).value;
            history.replaceState(null, '', href('/analytics?range=' + this._range));
            void this._load();
          }}>${RANGES.map(([k, l]) => html`<option value=${k} ?selected=${k === this._range}>${l}</option>`)}</select></div>
      </div>
      ${readOnlyBanner()}
      <p class="muted">Counted by the player without cookies or storage: no IP address or user agent is kept, and unique viewers are daily.</p>
      ${errorBox(this._error)}
      ${!s && !this._error ? html`<div class="card loading" role="status">Loading…</div>` : nothing}
      ${s
        ? html`
          <div class="cards" data-metrics>
            ${[
              ['Views', fmtNum(s.views)],
              ['Unique viewers', fmtNum(s.unique_viewers)],
              ['Watch time', fmtSeconds(s.watch_time_seconds)],
              ['Average view', fmtSeconds(s.average_view_seconds)],
              ['Completion', fmtPct(s.completion_rate)],
              ['Startup p50 / p95', s.startup_time_ms.p50 === null ? '–' : `${Math.round(s.startup_time_ms.p50)} / ${Math.round(s.startup_time_ms.p95 ?? 0)} ms`],
              ['Rebuffering', fmtPct(s.rebuffer_ratio)],
              ['Failures', fmtPct(s.failure_rate)],
            ].map(([l, v]) => html`<div class="card metric"><span class="value">${v}</span><span class="label">${l}</span></div>`)}
          </div>
          <div class="card"><div class="card-head"><h2>Views and watch time</h2></div><div class="card-body">
            ${s.views
              ? lineChart(
                  s.series.map((p) => label(p.at)),
                  { label: 'Views', values: s.series.map((p) => p.views), format: String, integer: true },
                  watchSeries(s.series),
                  `Views and watch time, ${r[1].toLowerCase()}: ${s.views} views, ${fmtSeconds(s.watch_time_seconds)} watched`,
                )
              : empty('chart', 'No views in this period', html`Views appear as soon as someone plays a video in <code>&lt;reel-player&gt;</code>, on a watch page or in an embed.`, html`<a class="btn" href=${href('/')}>Go to your videos</a>`)}
          </div></div>
          <div class="grid-2">
            <div class="card"><div class="card-head"><h2>Top videos</h2></div><div class="card-body">
              ${s.top_videos?.length
                ? html`<div class="table-wrap"><table class="table" data-top><thead><tr><th>Video</th><th>Views</th><th>Watch time</th></tr></thead>
                    <tbody>${s.top_videos.map((t) => html`<tr><td><a href=${href('/videos/' + t.id)}>${t.title || t.id}</a></td><td class="num">${t.views}</td><td class="num">${fmtSeconds(t.watch_time_seconds)}</td></tr>`)}</tbody></table></div>`
                : html`<p class="muted">No views in this period.</p>`}
            </div></div>
            <div class="card"><div class="card-head"><h2>Devices</h2></div><div class="card-body">${bars(s.devices)}
              <h3>Browsers</h3>${bars(s.browsers)}
              <h3>Operating systems</h3>${bars(s.os)}
              <h3>Referrers</h3>${bars((s.referrers || []).map((x) => ({ name: x.origin, views: x.views })), 'No referrers yet.')}</div></div>
          </div>`
        : nothing}
    </div>`;
  }
}
define('reel-dash-analytics', AnalyticsPage);
