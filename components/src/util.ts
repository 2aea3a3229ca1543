// Pure helpers shared by the elements. Nothing here touches the DOM, so the
// unit tests run them in Node.

/** Seconds → "m:ss" or "h:mm:ss". */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) seconds = 0;
  const s = Math.floor(seconds % 60);
  const m = Math.floor((seconds / 60) % 60);
  const h = Math.floor(seconds / 3600);
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Bytes → "1.2 MB" (SI units, as file managers show them). */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = -1;
  do {
    v /= 1000;
    i++;
  } while (v >= 1000 && i < units.length - 1);
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

export const ALL_CONTROLS = ['play', 'time', 'seek', 'volume', 'subtitles', 'fullscreen'] as const;
export const KNOWN_CONTROLS = [...ALL_CONTROLS, 'audiotracks', 'chapters', 'quality', 'rate', 'pip', 'airplay'] as const;
export type Control = (typeof KNOWN_CONTROLS)[number];
/** The controls that come with the menus chunk (dist/menus.js). */
export const MENU_CONTROLS: Control[] = ['subtitles', 'audiotracks', 'chapters', 'quality', 'rate', 'pip', 'airplay'];
/**
 * Without a `controls` attribute: every control that hides itself where it
 * has nothing to offer (no chapters, one rendition, no AirPlay), but not
 * rate and pip.
 */
export const DEFAULT_CONTROLS: Control[] = [...ALL_CONTROLS, 'audiotracks', 'chapters', 'quality', 'airplay'];

/**
 * The `controls` attribute: null (attribute absent) → the default set;
 * "" → none; otherwise the listed known controls in canonical order.
 */
export function parseControls(value: string | null | undefined): Set<Control> {
  if (value == null) return new Set<Control>(DEFAULT_CONTROLS);
  const want = new Set(value.toLowerCase().split(/[\s,]+/).filter(Boolean));
  return new Set(KNOWN_CONTROLS.filter((c) => want.has(c)));
}

/**
 * The box of each quality name, [long edge, short edge]: the 16:9 frame the
 * server fits that rung in (DESIGN §5), turned with the picture, so a
 * square video's hd is 720×720 and its 1080×1080 fhd is over the hd cap.
 */
export const QUALITY_BOX: Record<string, readonly [number, number]> = {
  sd: [640, 360],
  hd: [1280, 720],
  fhd: [1920, 1080],
  qhd: [2560, 1440],
  uhd: [3840, 2160],
};

/** Largest long and short edge a level may have; Infinity where there is no bound. */
export interface QualityCap {
  long: number;
  short: number;
}

/** The cap of a `quality` value: a name's box, or a number of pixels of the long edge. */
export function qualityCap(q: string | null | undefined): QualityCap {
  const none = { long: Infinity, short: Infinity };
  if (!q) return none;
  const k = q.trim().toLowerCase().replace(/^h264_/, '');
  if (k in QUALITY_BOX) return { long: QUALITY_BOX[k][0], short: QUALITY_BOX[k][1] };
  const n = parseInt(k, 10);
  return Number.isFinite(n) && n > 0 ? { long: n, short: Infinity } : none;
}

/** Whether a level fits inside the cap, whichever way it is turned. */
export function withinCap(l: { width: number; height: number }, cap: QualityCap): boolean {
  const w = l.width || 0;
  const h = l.height || 0;
  return Math.max(w, h) <= cap.long && Math.min(w, h) <= cap.short;
}

/**
 * Index of the largest level within the cap, for hls.js autoLevelCapping
 * (the smallest when none fits); -1 means no cap. Levels need not be sorted.
 */
export function capLevel(levels: { width: number; height: number }[], cap: QualityCap): number {
  if (!Number.isFinite(cap.long) && !Number.isFinite(cap.short)) return -1;
  let best = -1;
  let bestEdge = -1;
  let smallest = -1;
  let smallestEdge = Infinity;
  levels.forEach((l, i) => {
    const edge = Math.max(l.width || 0, l.height || 0);
    if (withinCap(l, cap) && edge > bestEdge) {
      best = i;
      bestEdge = edge;
    }
    if (edge < smallestEdge) {
      smallest = i;
      smallestEdge = edge;
    }
  });
  return best >= 0 ? best : smallest;
}

export interface SubtitleInfo {
  language: string;
  label?: string;
  url: string;
}

/**
 * Which subtitle tracks to offer (`subtitles` attribute: all | original |
 * off | <lang>[ <lang>…]) and which to show (`active-subtitle`: <lang> |
 * original | off). "original" is the first subtitle whose language is the
 * video's own audio language, else the first listed.
 */
export function chooseSubtitles(
  subs: SubtitleInfo[],
  mode: string | null | undefined,
  active: string | null | undefined,
  originalLanguage?: string | null,
): { offered: SubtitleInfo[]; active: string | null } {
  const m = (mode || 'all').trim().toLowerCase();
  const original = subs.find((s) => originalLanguage && sameLang(s.language, originalLanguage)) || subs[0];
  let offered: SubtitleInfo[];
  if (m === 'off') offered = [];
  else if (m === 'all') offered = subs.slice();
  else if (m === 'original') offered = original ? [original] : [];
  else {
    const langs = m.split(/[\s,]+/);
    offered = subs.filter((s) => langs.some((l) => sameLang(s.language, l)));
  }
  let act: string | null = null;
  const a = (active || '').trim().toLowerCase();
  if (a === 'original') act = original && offered.includes(original) ? original.language : null;
  else if (a && a !== 'off') act = offered.find((s) => sameLang(s.language, a))?.language ?? null;
  return { offered, active: act };
}

/** "en" matches "en-US" and vice versa; case-insensitive. */
export function sameLang(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || x.split('-')[0] === y.split('-')[0];
}

/** Retry delay for attempt n (0-based): 1 s, 1.6 s, 2.6 s … capped at 30 s. */
export function backoff(attempt: number, base = 1000, cap = 30000): number {
  return Math.min(cap, Math.round(base * Math.pow(1.6, attempt)));
}

/** Adds ?token= (or &token=) to a URL unless it already carries one. */
export function withToken(url: string, token: string | null | undefined): string {
  if (!url || !token) return url;
  if (/[?&]token=/.test(url)) return url;
  return url + (url.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token);
}

/** Fills the frame URL template ({time}, {width}); falls back to appending queries. */
export function frameUrl(template: string, time: number, width?: number): string {
  const t = String(Math.max(0, Math.round(time * 1000) / 1000));
  let url = template;
  if (url.includes('{time}')) url = url.replace('{time}', t);
  else url += (url.includes('?') ? '&' : '?') + 'time=' + t;
  if (width && width >= 16) {
    const w = String(Math.min(3840, Math.round(width)));
    if (url.includes('{width}')) url = url.replace('{width}', w);
    else url += '&width=' + w;
  } else {
    url = url.replace(/[?&]width=\{width\}/, '').replace('{width}', '');
  }
  return url;
}

/** A poster attribute that is a number of seconds (e.g. "12.5"). */
export function posterSeconds(value: string | null | undefined): number | null {
  if (value == null) return null;
  const v = value.trim();
  return /^\d+(\.\d+)?s?$/.test(v) ? parseFloat(v) : null;
}

export interface Cue {
  start: number;
  end: number;
  text: string;
}

function vttTime(s: string): number {
  const parts = s.trim().replace(',', '.').split(':').map(Number);
  return parts.reduce((acc, p) => acc * 60 + p, 0);
}

/** A small WebVTT parser: cue timings and text (tags stripped), no styling. */
export function parseVTT(text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const i = lines.findIndex((l) => l.includes('-->'));
    if (i < 0) continue;
    const [a, b] = lines[i].split('-->');
    const start = vttTime(a);
    const end = vttTime(b.trim().split(/\s+/)[0]);
    const body = lines
      .slice(i + 1)
      .join('\n')
      .replace(/<[^>]*>/g, '')
      .trim();
    if (Number.isFinite(start) && Number.isFinite(end)) cues.push({ start, end, text: body });
  }
  return cues;
}

/** Index of the cue covering time t (the last one started when cues overlap); -1 if none. */
export function cueAt(cues: Cue[], t: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    if (cues[i].start <= t && t < cues[i].end) found = i;
    if (cues[i].start > t) break;
  }
  return found;
}

/** Space-separated rendition names filter; empty → everything. */
export function filterRenditions<T extends { name: string }>(list: T[], filter: string | null | undefined): T[] {
  const want = (filter || '').split(/[\s,]+/).filter(Boolean);
  if (!want.length) return list.slice();
  return want.map((w) => list.find((r) => r.name === w)).filter((r): r is T => !!r);
}

/** An embed id as the server makes them (15 URL-safe characters); lenient so the server decides. */
export function validEmbed(embed: string | null | undefined): boolean {
  return !!embed && /^[A-Za-z0-9_-]{1,64}$/.test(embed);
}

/** Language subtags that name no language a viewer would pick. */
const NO_LANGUAGE = new Set(['und', 'zxx', 'mis', 'mul']);

/**
 * The name of a language in that language ("Deutsch" for de, "Français" for
 * fr), capitalised for a menu; null when the runtime does not know it.
 */
export function nativeLanguageName(lang: string | null | undefined): string | null {
  if (!lang || NO_LANGUAGE.has(lang.toLowerCase().split('-')[0])) return null;
  try {
    const name = new Intl.DisplayNames([lang], { type: 'language', fallback: 'none' }).of(lang);
    if (!name || name.toLowerCase() === lang.toLowerCase()) return null;
    return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
  } catch {
    return null; // not a well-formed tag, or no Intl.DisplayNames
  }
}

/**
 * Menu labels of subtitle or audio tracks: each language's own name, else
 * the server's label. Two tracks of one language keep the server's label
 * next to the name ("English (Commentary)") so they stay apart.
 */
export function trackLabels(tracks: { language: string; label?: string | null }[]): string[] {
  const names = tracks.map((t) => nativeLanguageName(t.language));
  return tracks.map((t, i) => {
    const name = names[i];
    const label = (t.label || '').trim();
    if (!name) return label || t.language || `Track ${i + 1}`;
    const twin = names.some((n, j) => j !== i && n === name);
    const distinct = label && ![name.toLowerCase(), t.language.toLowerCase()].includes(label.toLowerCase());
    return twin && distinct ? `${name} (${label})` : name;
  });
}

/**
 * The video codecs a Reel video may be encoded in, most efficient first:
 * the name the API uses (renditions[].codec), the HLS CODECS prefix, and a
 * representative CODECS string to ask the browser about (8-bit 4:2:0 at
 * 1080p: what Reel encodes).
 */
export const VIDEO_CODECS = [
  { name: 'av1', fourcc: 'av01', probe: 'av01.0.08M.08' },
  { name: 'hevc', fourcc: 'hvc1', probe: 'hvc1.1.6.L120.90' },
  { name: 'h264', fourcc: 'avc1', probe: 'avc1.640028' },
] as const;

/** The API's codec name of an HLS CODECS value ("avc1.64001f" → "h264"); null when unknown. */
export function codecName(codecs: string | null | undefined): string | null {
  if (!codecs) return null;
  for (const part of codecs.split(',')) {
    const four = part.trim().slice(0, 4).toLowerCase();
    if (four === 'hev1') return 'hevc';
    const c = VIDEO_CODECS.find((v) => v.fourcc === four);
    if (c) return c.name;
  }
  return null;
}

/** What the browser says of decoding one codec (MediaCapabilities.decodingInfo). */
export interface CodecSupport {
  supported: boolean;
  smooth: boolean;
  powerEfficient: boolean;
}

/** The codec a player picks among a video's, and what it needs to start on it. */
export interface CodecChoice {
  name: string;
  fourcc: string;
  /** The lowest bit rate among that codec's renditions (bits per second). */
  minBitrate: number;
}

/**
 * Picks the codec to play among those a video's renditions have. With a
 * preference ("av1,h264": the `codecs` attribute), the first one listed that
 * the video has and the browser decodes. Otherwise the most efficient codec
 * the browser decodes smoothly, among the power-efficient ones (hardware)
 * when there are any, so a phone does not decode AV1 in software when it
 * decodes H.264 in hardware. Null when there is nothing to choose (one
 * codec) or nothing the browser decodes. A rendition's codec is its
 * name's first part ("av1_hd"), as the server names them. `ask` answers for one codec at one
 * size (MediaCapabilities in the player; a table in the tests).
 */
export async function chooseCodec(
  renditions: { name: string; width: number; height: number; bitrate?: number }[],
  preference: string | null | undefined,
  ask: (probe: string, r: { width: number; height: number; bitrate: number }) => Promise<CodecSupport>,
): Promise<CodecChoice | null> {
  const of = (r: { name: string }) => r.name.split('_')[0];
  const present = VIDEO_CODECS.filter((c) => renditions.some((r) => of(r) === c.name));
  if (present.length < 2) return null;
  const support = await Promise.all(
    present.map(async (c) => {
      // The largest rendition up to 1080p: what the codec must decode smoothly.
      const rs = renditions.filter((r) => of(r) === c.name);
      const fit = rs.filter((r) => Math.min(r.width, r.height) <= 1080);
      const r = (fit.length ? fit : rs).reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
      try {
        return await ask(c.probe, { width: r.width, height: r.height, bitrate: r.bitrate || 1_000_000 });
      } catch {
        return { supported: false, smooth: false, powerEfficient: false };
      }
    }),
  );
  const choice = (name: string): CodecChoice => {
    const c = VIDEO_CODECS.find((v) => v.name === name)!;
    const rates = renditions.filter((r) => of(r) === name).map((r) => r.bitrate || 0);
    return { name, fourcc: c.fourcc, minBitrate: Math.min(...rates) };
  };
  const wanted = (preference || '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const w of wanted) {
    const i = present.findIndex((c) => c.name === w || c.fourcc === w);
    if (i >= 0 && support[i].supported) return choice(present[i].name);
  }
  const smooth = present.filter((_, i) => support[i].supported && support[i].smooth);
  const efficient = smooth.filter((c) => support[present.indexOf(c)].powerEfficient);
  const pick = efficient[0] || smooth[0] || present.find((_, i) => support[i].supported);
  return pick ? choice(pick.name) : null;
}
