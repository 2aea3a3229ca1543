// The dashboard's one stylesheet, adopted by the document: every dashboard
// element renders into the light DOM, so these rules reach all of them.
import { css } from 'lit';

export const styles = css`
  :root {
    color-scheme: light dark;
    --bg: #f5f6f8;
    --card: #ffffff;
    --fg: #16181d;
    --muted: #596070;
    --line: #e2e5ea;
    --line-strong: #c9ced6;
    --hover: #f1f3f6;
    --accent: #3553d6;
    --accent-hover: #2b46bd;
    --accent-fg: #ffffff;
    --accent-soft: #edf1ff;
    --link: #2f4bc4;
    --danger: #c42b2b;
    --danger-soft: #fdeeee;
    --ok: #17703a;
    --ok-soft: #e4f5ea;
    --warn: #8a5200;
    --warn-soft: #fff2db;
    --info: #2545b8;
    --info-soft: #e8edff;
    --focus: #3553d6;
    --code-bg: #f2f4f7;
    --shadow: 0 1px 2px rgb(16 24 40 / 0.05), 0 1px 3px rgb(16 24 40 / 0.06);
    --reel-accent: #3553d6;
    --radius: 10px;
    font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif;
    background: var(--bg);
    color: var(--fg);
  }
  @media (prefers-color-scheme: dark) {
    :root {
      --bg: #0e1014;
      --card: #161920;
      --fg: #eceef2;
      --muted: #a3aab8;
      --line: #272c36;
      --line-strong: #3a404d;
      --hover: #1d212a;
      --accent: #8aa4ff;
      --accent-hover: #a3b8ff;
      --accent-fg: #0b1020;
      --accent-soft: #1c2440;
      --link: #9fb5ff;
      --danger: #ff8a8a;
      --danger-soft: #3a1c1f;
      --ok: #6fd39a;
      --ok-soft: #15291e;
      --warn: #f3c26b;
      --warn-soft: #33270f;
      --info: #9fb5ff;
      --info-soft: #1c2440;
      --focus: #8aa4ff;
      --code-bg: #1d212a;
      --shadow: none;
      --reel-accent: #8aa4ff;
    }
  }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--fg); }
  a { color: var(--link); text-underline-offset: 2px; }
  :focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; border-radius: 4px; }
  h1, h2, h3 { line-height: 1.25; margin: 0; }
  h1 { font-size: 1.5rem; font-weight: 650; letter-spacing: -0.01em; }
  h2 { font-size: 1.0625rem; font-weight: 620; }
  h3, h2.sub { font-size: 0.9375rem; font-weight: 600; }
  h2.sub { margin-bottom: 8px; }
  p { margin: 0; }
  code, pre, .mono { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; font-size: 0.8667em; }
  pre { background: var(--code-bg); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; overflow: auto; margin: 0; white-space: pre; line-height: 1.55; }
  code { background: var(--code-bg); border-radius: 5px; padding: 0.1em 0.35em; }
  pre code { background: none; padding: 0; }
  .visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .muted { color: var(--muted); }
  .small { font-size: 0.8667rem; }
  .nowrap { white-space: nowrap; }
  .num { font-variant-numeric: tabular-nums; }
  .ellipsis { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  .grow { flex: 1; min-width: 0; }
  .stack { display: grid; gap: 16px; }
  .stack-sm { display: grid; gap: 8px; }

  /* ---- shell ---- */
  .shell { min-height: 100vh; display: grid; grid-template-columns: 1fr; grid-template-rows: auto 1fr; }
  .topbar { display: flex; align-items: center; gap: 12px; padding: 10px 16px; background: var(--card); border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 20; }
  .brand { display: flex; align-items: center; gap: 9px; font-weight: 700; font-size: 1.0625rem; color: var(--fg); text-decoration: none; letter-spacing: -0.01em; }
  .brand svg { width: 26px; height: 26px; flex: none; }
  .sidebar { display: none; background: var(--card); border-right: 1px solid var(--line); padding: 16px 12px; flex-direction: column; gap: 4px; }
  .sidebar.open { display: flex; position: fixed; inset: 53px 0 0 0; z-index: 19; border-right: 0; overflow: auto; }
  .nav { display: grid; gap: 2px; margin-top: 8px; }
  .nav a { display: flex; align-items: center; gap: 10px; padding: 8px 10px; border-radius: 8px; color: var(--fg); text-decoration: none; font-weight: 500; }
  .nav a:hover { background: var(--hover); }
  .nav a[aria-current='page'] { background: var(--accent-soft); color: var(--link); font-weight: 600; }
  .nav svg { width: 18px; height: 18px; flex: none; opacity: 0.85; }
  .side-foot { margin-top: auto; padding: 12px 10px 4px; border-top: 1px solid var(--line); display: grid; gap: 8px; font-size: 0.8667rem; }
  .main { min-width: 0; }
  .page { max-width: 1240px; margin: 0 auto; padding: 20px 16px 64px; display: grid; gap: 20px; grid-template-columns: minmax(0, 1fr); }
  .page-head { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
  .page-head h1 { flex: 1; min-width: 12rem; overflow-wrap: anywhere; }
  .page-head h1:focus { outline: none; }
  .banner { display: flex; gap: 10px; align-items: center; padding: 10px 14px; border-radius: var(--radius); background: var(--warn-soft); color: var(--warn); font-size: 0.9333rem; }
  .banner svg { width: 18px; height: 18px; flex: none; }
  @media (min-width: 900px) {
    .shell { grid-template-columns: 236px 1fr; grid-template-rows: 1fr; background: linear-gradient(90deg, var(--card) 235px, var(--line) 235px 236px, transparent 236px); }
    .topbar { display: none; }
    .sidebar, .sidebar.open { display: flex; position: sticky; top: 0; height: 100vh; inset: auto; z-index: auto; border-right: 1px solid var(--line); align-self: start; }
    .page { padding: 28px 36px 80px; gap: 24px; }
    .menu-button { display: none; }
  }

  /* ---- cards, sections ---- */
  .card { position: relative; min-width: 0; background: var(--card); border: 1px solid var(--line); border-radius: 12px; box-shadow: var(--shadow); }
  .card-body { padding: 18px 20px; display: grid; gap: 14px; }
  .card-head { display: flex; align-items: center; gap: 10px; padding: 14px 20px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
  .card-head h2 { flex: 1; }
  .card-head p { flex-basis: 100%; }
  .grid-2 { display: grid; gap: 20px; grid-template-columns: minmax(0, 1fr); }
  @media (min-width: 1100px) { .grid-2 { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; } }
  .cards { display: grid; gap: 12px; grid-template-columns: repeat(2, minmax(0, 1fr)); }
  @media (min-width: 760px) { .cards { grid-template-columns: repeat(4, minmax(0, 1fr)); } .cards.c3 { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
  @media (min-width: 1300px) { .cards.c3 { grid-template-columns: repeat(6, minmax(0, 1fr)); } }
  .metric { padding: 14px 16px; display: grid; gap: 2px; }
  .metric .value { font-size: 1.5rem; font-weight: 650; font-variant-numeric: tabular-nums; letter-spacing: -0.01em; }
  .metric .label { font-size: 0.8667rem; color: var(--muted); }

  /* ---- buttons and forms ---- */
  .btn { font: inherit; font-weight: 550; font-size: 0.9333rem; display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-height: 38px; padding: 6px 14px; border-radius: 8px; border: 1px solid var(--line-strong); background: var(--card); color: var(--fg); cursor: pointer; text-decoration: none; white-space: nowrap; }
  .btn:hover:not(:disabled) { background: var(--hover); }
  .btn:disabled, .btn[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; }
  .btn.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-fg); }
  .btn.primary:hover:not(:disabled) { background: var(--accent-hover); border-color: var(--accent-hover); }
  .btn.danger { color: var(--danger); }
  .btn.danger.solid { background: var(--danger); border-color: var(--danger); color: #fff; }
  @media (prefers-color-scheme: dark) { .btn.danger.solid { color: #1a0b0b; } }
  .btn.ghost { border-color: transparent; background: transparent; }
  .btn.ghost:hover:not(:disabled) { background: var(--hover); }
  .btn.sm { min-height: 30px; padding: 3px 10px; font-size: 0.8667rem; }
  .btn.icon { padding: 6px; min-width: 36px; }
  .btn.sm.icon { padding: 4px; min-width: 30px; }
  .btn svg { width: 16px; height: 16px; flex: none; }
  label { font-weight: 550; font-size: 0.9rem; }
  .field { display: grid; gap: 5px; min-width: 0; align-content: start; }
  .field .hint { font-size: 0.8333rem; color: var(--muted); font-weight: 400; }
  input:not([type='checkbox']):not([type='radio']):not([type='range']):not([type='file']):not([type='color']), select, textarea {
    font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--line-strong); border-radius: 8px; padding: 6px 10px; height: 38px; width: 100%; min-width: 0; appearance: none;
  }
  select { padding-right: 30px; background-image: linear-gradient(45deg, transparent 50%, var(--muted) 50%), linear-gradient(135deg, var(--muted) 50%, transparent 50%); background-position: calc(100% - 16px) 16px, calc(100% - 11px) 16px; background-size: 5px 5px; background-repeat: no-repeat; }
  input[type='file'] { font: inherit; font-size: 0.9rem; max-width: 100%; }
  textarea { height: auto; min-height: 84px; resize: vertical; padding: 8px 10px; }
  input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 2px solid var(--focus); outline-offset: 0; border-color: var(--focus); }
  input[type='checkbox'], input[type='radio'] { width: 16px; height: 16px; accent-color: var(--accent); margin: 0; }
  input[type='color'] { width: 44px; height: 36px; padding: 2px; border: 1px solid var(--line-strong); border-radius: 8px; background: var(--card); }
  .check { display: inline-flex; gap: 8px; align-items: center; font-weight: 450; cursor: pointer; }
  .form-grid { display: grid; gap: 14px; }
  @media (min-width: 720px) { .form-grid.two { grid-template-columns: 1fr 1fr; } .form-grid .wide { grid-column: 1 / -1; } }
  .actions { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
  .codec-rows { display: grid; gap: 12px; }
  .codecs-section { margin-top: 24px; padding-top: 20px; border-top: 1px solid var(--line); }
  .codec-row { display: grid; gap: 10px; padding: 12px 0; border-top: 1px solid var(--line); }
  .codec-row:first-child { border-top: 0; padding-top: 0; }
  .codec-name { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  .codec-name .hint { flex-basis: 100%; font-size: 0.8333rem; color: var(--muted); }
  @media (min-width: 720px) { .codec-row { grid-template-columns: minmax(180px, 1.2fr) 1fr 1fr; align-items: start; } .codec-name .hint { flex-basis: auto; } }
  .toolbar { display: flex; gap: 8px; flex-wrap: wrap; align-items: end; }
  .toolbar .field { flex: 1 1 150px; }
  .toolbar .field.search { flex: 3 1 220px; }

  /* ---- tables ---- */
  .table-wrap { overflow-x: auto; position: relative; }
  table.table { width: 100%; border-collapse: collapse; font-size: 0.9333rem; }
  .table th { text-align: left; font-weight: 600; font-size: 0.8rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; padding: 10px 12px; border-bottom: 1px solid var(--line); white-space: nowrap; }
  .table td { padding: 10px 12px; border-bottom: 1px solid var(--line); vertical-align: middle; }
  .table tbody tr:last-child td { border-bottom: 0; }
  .table tbody tr:hover { background: var(--hover); }
  .table tr.selected { background: var(--accent-soft); }
  .table .sel { width: 36px; padding-right: 0; }
  .table a.title { color: var(--fg); font-weight: 600; text-decoration: none; }
  .table a.title:hover { text-decoration: underline; }

  /* ---- badges, state ---- */
  .badge { display: inline-flex; align-items: center; gap: 6px; padding: 2px 9px; border-radius: 999px; font-size: 0.8rem; font-weight: 600; background: var(--hover); color: var(--muted); white-space: nowrap; line-height: 1.6; }
  .badge .dot { width: 7px; height: 7px; border-radius: 50%; background: currentColor; }
  .badge.ready, .badge.ok, .badge.delivered { background: var(--ok-soft); color: var(--ok); }
  .badge.processing, .badge.uploaded, .badge.pending { background: var(--warn-soft); color: var(--warn); }
  .badge.created, .badge.uploading, .badge.info { background: var(--info-soft); color: var(--info); }
  .badge.errored, .badge.failed, .badge.bad { background: var(--danger-soft); color: var(--danger); }
  .badge.processing .dot, .badge.uploading .dot, .badge.pending .dot, .badge.uploaded .dot, .badge.created .dot { animation: pulse 1.4s ease-in-out infinite; }
  @keyframes pulse { 50% { opacity: 0.35; } }
  @media (prefers-reduced-motion: reduce) { .badge .dot { animation: none !important; } }
  .plain { list-style: none; padding: 0; margin: 0; }
  .bar { height: 6px; border-radius: 3px; background: var(--line); overflow: hidden; min-width: 60px; }
  .bar > span { display: block; height: 100%; background: var(--accent); border-radius: 3px; transition: width 0.3s; }
  .bar.indeterminate > span { width: 35%; animation: slide 1.3s ease-in-out infinite; }
  @keyframes slide { from { transform: translateX(-100%); } to { transform: translateX(300%); } }

  /* ---- posters ---- */
  .thumb { width: 96px; aspect-ratio: 16 / 9; border-radius: 6px; background: var(--hover); overflow: hidden; display: grid; place-items: center; flex: none; position: relative; color: var(--muted); }
  .thumb img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; display: block; }
  .thumb img[hidden] { display: none; }
  .thumb svg { width: 22px; height: 22px; }
  .thumb .dur { position: absolute; right: 4px; bottom: 4px; background: rgb(0 0 0 / 0.72); color: #fff; font-size: 0.7333rem; padding: 0 5px; border-radius: 4px; font-variant-numeric: tabular-nums; }

  /* ---- states: empty, error, loading ---- */
  .empty { padding: 40px 20px; text-align: center; display: grid; gap: 10px; justify-items: center; }
  .empty .icon { width: 48px; height: 48px; border-radius: 50%; background: var(--accent-soft); color: var(--link); display: grid; place-items: center; }
  .empty .icon svg { width: 24px; height: 24px; }
  .empty p { max-width: 34rem; color: var(--muted); }
  .error { padding: 12px 14px; border-radius: var(--radius); background: var(--danger-soft); color: var(--danger); display: flex; gap: 10px; align-items: flex-start; overflow-wrap: anywhere; }
  .error svg { width: 18px; height: 18px; flex: none; margin-top: 2px; }
  .error .code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.8667em; }
  .loading { padding: 32px; text-align: center; color: var(--muted); }
  .skeleton { background: linear-gradient(90deg, var(--hover), var(--line), var(--hover)); background-size: 200% 100%; animation: sk 1.2s linear infinite; border-radius: 6px; }
  @keyframes sk { to { background-position: -200% 0; } }

  /* ---- dialogs, toasts ---- */
  dialog { border: 1px solid var(--line); border-radius: 14px; padding: 0; background: var(--card); color: var(--fg); width: min(560px, calc(100vw - 24px)); box-shadow: 0 20px 50px rgb(0 0 0 / 0.25); }
  dialog::backdrop { background: rgb(10 12 16 / 0.5); }
  dialog form, dialog .dialog-body { padding: 20px 22px; display: grid; gap: 14px; }
  dialog .actions { justify-content: flex-end; }
  .secret { display: flex; gap: 8px; align-items: stretch; }
  .secret code, .secret pre { flex: 1; min-width: 0; overflow-wrap: anywhere; white-space: pre-wrap; word-break: break-all; padding: 8px 10px; display: block; border: 1px solid var(--line); }
  .toasts { position: fixed; bottom: 16px; left: 50%; transform: translateX(-50%); display: grid; gap: 8px; z-index: 50; width: min(440px, calc(100vw - 24px)); }
  .toast { background: var(--fg); color: var(--bg); border-radius: 10px; padding: 10px 14px; box-shadow: 0 8px 24px rgb(0 0 0 / 0.2); font-size: 0.9333rem; }
  .toast.bad { background: var(--danger); color: #fff; }
  @media (prefers-color-scheme: dark) { .toast.bad { color: #1a0b0b; } }

  /* ---- uploads tray ---- */
  .tray { position: fixed; right: 16px; bottom: 16px; width: min(400px, calc(100vw - 24px)); z-index: 30; max-height: 70vh; display: flex; flex-direction: column; overflow: hidden; }
  .tray-head { display: flex; align-items: center; gap: 8px; padding: 10px 12px 10px 16px; border-bottom: 1px solid var(--line); }
  .tray-head h2 { flex: 1; font-size: 0.9667rem; }
  .tray-list { overflow: auto; display: grid; }
  .tray-item { padding: 10px 12px 12px 16px; border-bottom: 1px solid var(--line); display: grid; gap: 6px; }
  .tray-item:last-child { border-bottom: 0; }
  .tray reel-upload { --reel-radius: 8px; font-size: 0.9rem; }
  .tray reel-upload::part(dropzone) { min-height: 0; padding: 4px 0 0; border: 0; background: none; gap: 6px; }
  .tray reel-upload::part(button) { padding: 0.3em 0.9em; font-size: 0.85em; }

  /* ---- drop zone (upload page, empty state) ---- */
  .drop { border: 2px dashed var(--line-strong); border-radius: 14px; padding: 36px 20px; display: grid; gap: 12px; justify-items: center; text-align: center; background: var(--card); transition: border-color 0.15s, background 0.15s; }
  .drop.drag { border-color: var(--accent); border-style: solid; background: var(--accent-soft); }
  .drop .icon { width: 52px; height: 52px; border-radius: 50%; background: var(--accent-soft); color: var(--link); display: grid; place-items: center; }
  .drop .icon svg { width: 26px; height: 26px; }
  .drop .lead { font-weight: 650; font-size: 1.0667rem; }

  /* ---- tabs ---- */
  .tabs { position: relative; display: flex; gap: 2px; border-bottom: 1px solid var(--line); overflow-x: auto; padding: 0 12px; scrollbar-width: thin; }
  .tabs button { font: inherit; font-size: 0.9rem; font-weight: 550; padding: 10px 12px; border: 0; background: none; color: var(--muted); border-bottom: 2px solid transparent; cursor: pointer; white-space: nowrap; margin-bottom: -1px; }
  .tabs button[aria-selected='true'] { color: var(--fg); border-bottom-color: var(--accent); }
  .tabs button:hover { color: var(--fg); }

  /* ---- key-value lists ---- */
  dl.kv { display: grid; grid-template-columns: minmax(90px, max-content) minmax(0, 1fr); gap: 8px 16px; margin: 0; font-size: 0.9333rem; }
  dl.kv dt { color: var(--muted); }
  dl.kv dd { margin: 0; overflow-wrap: anywhere; }
  .url-row { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 6px 10px; align-items: center; padding: 8px 0; border-bottom: 1px solid var(--line); }
  .url-row:last-child { border-bottom: 0; }
  .url-row .name { font-weight: 600; font-size: 0.8667rem; }
  .url-row code { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; background: none; padding: 0; color: var(--muted); }

  /* ---- charts ---- */
  .chart { width: 100%; height: auto; display: block; overflow: visible; }
  .chart text { fill: var(--muted); font-size: 11px; font-family: inherit; }
  .chart .grid { stroke: var(--line); stroke-width: 1; }
  .chart .line { fill: none; stroke: var(--accent); stroke-width: 2; stroke-linejoin: round; }
  .chart .area { fill: var(--accent); opacity: 0.12; }
  .chart .line2 { fill: none; stroke: #e8590c; stroke-width: 2; stroke-dasharray: 5 4; stroke-linejoin: round; }
  .chart .pt { fill: var(--card); stroke: var(--accent); stroke-width: 2; }
  .chart .hit { fill: transparent; }
  .chart .hit:hover { fill: var(--hover); opacity: 0.6; }
  .legend { display: flex; gap: 16px; font-size: 0.8667rem; color: var(--muted); flex-wrap: wrap; }
  .legend i { display: inline-block; width: 14px; height: 3px; border-radius: 2px; background: var(--accent); vertical-align: middle; margin-right: 6px; }
  .legend i.l2 { background: #e8590c; }
  .hbar { display: grid; grid-template-columns: minmax(80px, 30%) 1fr auto; gap: 10px; align-items: center; font-size: 0.9rem; padding: 4px 0; }
  .hbar .track { height: 8px; background: var(--hover); border-radius: 4px; overflow: hidden; }
  .hbar .track span { display: block; height: 100%; background: var(--accent); border-radius: 4px; }

  /* ---- video page ---- */
  .player-msg { padding: 24px; min-height: 200px; display: grid; place-items: center; }
  .storyboard { display: flex; flex-wrap: wrap; gap: 8px; --k: 1; }
  @media (max-width: 759px) { .storyboard { --k: 0.82; } }
  .tile { position: relative; border: 2px solid transparent; border-radius: 6px; padding: 0; cursor: pointer; background-color: var(--hover); background-repeat: no-repeat; }
  .tile:hover:not(:disabled) { border-color: var(--accent); }
  .tile span { position: absolute; left: 4px; bottom: 4px; background: rgb(0 0 0 / 0.75); color: #fff; font-size: 0.7333rem; padding: 0 5px; border-radius: 4px; }
  .timeline { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
  .timeline li { position: relative; padding-left: 22px; }
  .timeline li::before { content: ''; position: absolute; left: 0; top: 0.45em; width: 10px; height: 10px; border-radius: 50%; border: 2px solid var(--line-strong); background: var(--card); }
  .timeline li.done::before { background: var(--ok); border-color: var(--ok); }
  .timeline li.bad::before { background: var(--danger); border-color: var(--danger); }
  reel-player { --reel-radius: 0; }

  /* ---- tree ---- */
  .tree { list-style: none; margin: 0; padding: 6px 0; }
  .tree-row { display: flex; align-items: center; gap: 10px; padding: 8px 16px; border-bottom: 1px solid var(--line); }
  .tree-row:last-child { border-bottom: 0; }
  .tree-row:hover { background: var(--hover); }
  .tree-row .title { color: var(--fg); font-weight: 600; text-decoration: none; margin-right: 8px; }
  .tree-row .title:hover { text-decoration: underline; }
  .tree-icon { color: var(--muted); display: inline-flex; }
  .tree-icon svg { width: 18px; height: 18px; }
  .wide-inline { display: none; }
  @media (min-width: 760px) { .wide-inline { display: inline; } }

  /* ---- webhooks ---- */
  .events-fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px 12px; margin: 0; }
  .events-fieldset legend { font-weight: 550; font-size: 0.9rem; padding: 0 4px; }
  .events-grid { display: grid; gap: 8px 16px; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); }
  tr.attempts td { background: var(--bg); }

  /* ---- live streams ---- */
  .badge.live { background: var(--danger); color: #fff; letter-spacing: 0.04em; }
  @media (prefers-color-scheme: dark) { .badge.live { color: #1a0b0b; } }
  .badge.live .dot, .badge[data-live-state='disconnected'] .dot, .badge[data-live-state='connected'] .dot { animation: pulse 1.4s ease-in-out infinite; }
  .url-row.live-url { grid-template-columns: minmax(0, 1fr) auto; }
  .url-row.live-url .name { grid-column: 1 / -1; }
  .url-row.live-url code { white-space: normal; overflow-wrap: anywhere; word-break: break-all; color: var(--fg); }
  .live-help { min-width: 0; grid-template-columns: minmax(0, 1fr); }
  .live-help ul { display: grid; gap: 4px; }
  [data-stream-key-dialog] .secret { align-items: flex-start; }
  .secret pre.cmd { white-space: pre; overflow-x: auto; word-break: normal; overflow-wrap: normal; }
  [data-stream-key-dialog] > .actions { position: sticky; bottom: 0; margin: 0 -22px -20px; padding: 12px 22px 20px; background: var(--card); border-top: 1px solid var(--line); }
  .live-off { min-height: 240px; }
  [data-preview] reel-player { display: block; }
  td.row-actions { text-align: right; width: 1%; }

  /* ---- player settings ---- */
  @media (min-width: 1100px) { .player-settings .preview { position: sticky; top: 20px; } }

  /* ---- sign in ---- */
  .signin { min-height: 100vh; display: grid; place-items: center; padding: 24px 12px; }
  .signin-card { width: min(440px, 100%); }
  .signin summary { cursor: pointer; color: var(--link); }

  /* ---- narrow screens ---- */
  .wide-only { display: none; }
  .narrow-only { display: flex; }
  @media (min-width: 760px) {
    .wide-only { display: table-cell; }
    th.wide-only { display: table-cell; }
    .narrow-only { display: none; }
    .thumb { width: 112px; }
  }
  @media (max-width: 759px) {
    .table td, .table th { padding: 10px 8px; }
    /* A long title or URL wraps rather than widen its table. */
    .table a.title.ellipsis { white-space: normal; overflow-wrap: anywhere; }
    .thumb { width: 88px; }
  }
`;
