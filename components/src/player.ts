import { css, html, nothing, PropertyValues } from 'lit';
import { Metrics } from '../metrics/src/index.js';
import { apiBase, EmbedInfo, isLiveInfo, lookupEmbed, ReelError, tokenize } from './api.js';
import { define, EmbedElement } from './base.js';
import './media-chrome.js';
import { loadMenus } from './menus.js';
import { ShimAudioTrackList, ShimRenditionList } from './tracks.js';
import {
  chooseSubtitles,
  frameUrl,
  MENU_CONTROLS,
  parseControls,
  posterSeconds,
  sameLang,
  trackLabels,
} from './util.js';

/** Server player settings (the lookup's `player`), named as the attributes; poster-time sets `poster`. */
const PLAYER_SETTINGS = 'color controls subtitles active-subtitle autoplay muted loop start quality poster-time codecs'.split(' ');

/** The native media events a <reel-player> re-dispatches from itself. */
export const MEDIA_EVENTS = [
  'abort',
  'canplay',
  'canplaythrough',
  'durationchange',
  'emptied',
  'ended',
  'error',
  'loadeddata',
  'loadedmetadata',
  'loadstart',
  'pause',
  'play',
  'playing',
  'progress',
  'ratechange',
  'resize',
  'seeked',
  'seeking',
  'stalled',
  'suspend',
  'timeupdate',
  'volumechange',
  'waiting',
  'enterpictureinpicture',
  'leavepictureinpicture',
] as const;

// hls.js minimal surface used here (the chunk is loaded at run time).
interface HlsLevel {
  width: number;
  height: number;
  bitrate: number;
  name?: string;
  /** The level's video CODECS ("avc1.64001f", "av01.0.08M.08"). */
  videoCodec?: string;
}
interface HlsLike {
  levels: HlsLevel[];
  audioTracks: { id: number; name: string; lang?: string; default: boolean }[];
  audioTrack: number;
  autoLevelCapping: number;
  currentLevel: number;
  loadLevel: number;
  /** The date of the playing position (EXT-X-PROGRAM-DATE-TIME), live. */
  playingDate?: Date | null;
  /** Where hls.js plays a live stream from (the target latency behind its edge). */
  liveSyncPosition?: number | null;
  targetLatency?: number | null;
  loadSource(src: string): void;
  attachMedia(m: HTMLMediaElement): void;
  startLoad(pos?: number): void;
  recoverMediaError(): void;
  destroy(): void;
  on(ev: string, fn: (ev: string, data: any) => void): void;
}
interface HlsCtor {
  new (config: Record<string, unknown>): HlsLike;
  isSupported(): boolean;
  Events: Record<string, string>;
}
/** The codec chosen among a video's (lazy/hls.ts: pickCodec). */
interface CodecChoice {
  name: string;
  fourcc: string;
  minBitrate: number;
}
type MenuLevels = (
  levels: HlsLevel[],
  fourcc: string | null,
  quality: string | null,
) => { cap: number; offered: { id: string; width: number; height: number; bitrate: number }[] };
interface HlsChunk {
  Hls: HlsCtor;
  /** Both absent from an hls.js build a page names itself (hlsSrc). */
  pickCodec?: (renditions: { name: string; width: number; height: number; bitrate?: number }[], preference: string | null) => Promise<CodecChoice | null>;
  menuLevels?: MenuLevels;
}

let hlsModule: Promise<HlsChunk> | null = null;
function loadHls(): Promise<HlsChunk> {
  if (!hlsModule) {
    const src = ReelPlayer.hlsSrc || new URL('./hls.js', import.meta.url).href;
    hlsModule = import(/* @vite-ignore */ src).then((m) => ({ Hls: (m.default || m.Hls) as HlsCtor, pickCodec: m.pickCodec, menuLevels: m.menuLevels }));
    hlsModule.catch(() => (hlsModule = null));
  }
  return hlsModule;
}

/**
 * Where a video is live: '' (not live), 'waiting' (live, but its playlist
 * has no segment yet, or it answered 404 or 503), 'live' (playing or ready
 * to), 'ended' (the stream ended; the recording follows once it is ready).
 */
export type LiveState = '' | 'waiting' | 'live' | 'ended';

/**
 * `<reel-player embed="…">`: adaptive playback of one Reel video with
 * media-chrome controls.
 *
 * @element reel-player
 * @slot start-screen - shown before the first play (slotted elements are un-hidden then, hidden after)
 * @slot end-screen - shown over the video when it ends (slotted elements start `hidden`; shown at the end, hidden again on replay)
 * @slot hover-screen - shown while the pointer is over the player
 * @fires reel-load - the embed lookup succeeded (detail: the lookup)
 * @fires reel-error - the video cannot be played (detail: {code, status, message})
 * @fires reel-processing - the video is not playable yet; retrying (detail: {state, attempt})
 * @fires audiotrackchange - the audio track changed (detail: {language, label})
 * @fires reel-live - a live video's state changed (detail: {state: waiting | live | ended, recording}); state "" once the recording plays
 * @csspart live-button - the LIVE badge of a live video (red at the live edge, grey behind it; a click goes to the live edge)
 * @csspart live-stats - the latency line over a live video ("Latency 1.8 s": seconds behind the wall clock)
 * @csspart recording-button - "Watch the recording", once a live stream has ended and its recording is ready
 * @csspart controller - the media-controller
 * @csspart video - the video element
 * @csspart control-bar - the bar of controls
 * @csspart message - the processing / error message
 * @csspart end-screen - the container of the end-screen slot
 * @csspart big-play-button - the large play button shown before the first play
 * @csspart title - the title shown over the top of the video (paused, or while the controls show)
 * @cssprop --reel-accent - accent color (big play button, seek bar, menus); the `color` attribute sets it
 * @cssprop --reel-control-color - icon and text color
 * @cssprop --reel-control-background - control bar background
 * @cssprop --reel-radius - corner radius
 * @cssprop --reel-aspect-ratio - aspect ratio before metadata is known (default from the video)
 */
export class ReelPlayer extends EmbedElement {
  static properties = {
    ...EmbedElement.properties,
    color: { type: String },
    theme: { type: String },
    controls: { type: String },
    subtitles: { type: String },
    activeSubtitle: { type: String, attribute: 'active-subtitle' },
    autoplay: { type: Boolean },
    muted: { type: Boolean },
    loop: { type: Boolean },
    poster: { type: String },
    quality: { type: String },
    start: { type: Number },
    metrics: { type: String },
    preferPlayback: { type: String, attribute: 'prefer-playback' },
    codecs: { type: String },
    title: { type: String },
    _ended: { state: true },
    _started: { state: true },
    _hover: { state: true },
    _themeCSS: { state: true },
    _live: { state: true },
  };
  declare color: string | null;
  declare theme: string | null;
  declare controls: string | null;
  declare subtitles: string | null;
  declare activeSubtitle: string | null;
  declare autoplay: boolean;
  declare muted: boolean;
  declare loop: boolean;
  declare poster: string | null;
  declare quality: string | null;
  declare start: number | null;
  declare metrics: string | null;
  /** "native" or "mse": which HLS playback to prefer where both work. */
  declare preferPlayback: string | null;
  /**
   * Which video codec to play when the video has several (AV1, HEVC beside
   * H.264), most wanted first: "av1,h264". Default: the most efficient one
   * the browser decodes smoothly, power-efficient (hardware) ones first.
   * Through hls.js; native HLS (Safari) chooses for itself.
   */
  declare codecs: string | null;
  /** The title over the video (default: the video's title from the lookup). */
  declare title: string;
  declare _ended: boolean;
  /** Whether playback has started once (the big play button is gone then). */
  declare _started: boolean;
  /** Whether the pointer is over the player (the hover-screen slot shows). */
  declare _hover: boolean;
  declare _live: LiveState;

  /** Overrides where the hls.js chunk is loaded from (default: next to reel.js). */
  static hlsSrc = '';
  /** ms between lookups of a live video (whether it still runs); tests shorten it. */
  static livePoll = 5000;

  static styles = css`
    :host {
      display: block;
      position: relative;
      width: 100%;
      aspect-ratio: var(--reel-aspect-ratio, 16 / 9);
      background: #000;
      border-radius: var(--reel-radius, 0);
      overflow: hidden;
      contain: content;
    }
    :host([hidden]) {
      display: none;
    }
    media-controller {
      width: 100%;
      height: 100%;
      --media-primary-color: var(--reel-control-color, #fff);
      --media-secondary-color: transparent;
      --media-accent-color: var(--reel-accent, #5b8cff);
      --media-range-bar-color: var(--reel-accent, #5b8cff);
      --media-control-background: var(--reel-control-background, transparent);
      --media-control-hover-background: rgb(255 255 255 / 0.12);
      --media-menu-background: rgb(20 20 24 / 0.92);
      --media-font-family: var(--reel-font-family, system-ui, sans-serif);
    }
    video {
      width: 100%;
      height: 100%;
      object-fit: contain;
    }
    media-control-bar {
      width: 100%;
      background: var(--reel-control-background, linear-gradient(transparent, rgb(0 0 0 / 0.55)));
    }
    media-time-range {
      flex: 1;
      min-width: 0;
    }
    media-control-bar > :not(media-time-range) {
      flex-shrink: 0;
    }
    /* Phone-sized players: the buttons keep their size, and volume is the
       device's (as on YouTube's and Mux's mobile players). */
    media-controller:not([breakpointsm]) :is(media-volume-range, media-mute-button) {
      display: none;
    }
    /* Below 768 px the seek bar takes a row of its own over the buttons (as
       on YouTube's and PeerTube's players), so that every menu button fits
       beside the time: the seek row shows instead of the inline seek bar. */
    media-control-bar.seek-row {
      display: none;
    }
    media-controller:not([breakpointlg]) media-control-bar.seek-row {
      display: flex;
      background: linear-gradient(transparent, rgb(0 0 0 / 0.4));
    }
    media-controller:not([breakpointlg]) media-control-bar:not(.seek-row) {
      background: rgb(0 0 0 / 0.4);
    }
    media-controller:not([breakpointlg]) media-control-bar:not(.seek-row) media-time-range {
      display: none;
    }
    media-controller:not([breakpointlg]) media-time-display {
      margin-right: auto;
    }
    media-controller:not([breakpointsm]) {
      --media-control-padding: 6px;
    }
    media-poster-image {
      --media-object-fit: contain;
    }
    /* An open menu paints over the seek row. */
    media-controller > [id$='-menu'] {
      z-index: 2;
    }
    /* What media-chrome's themes hide: no menu button without a choice. */
    media-captions-menu-button:not([mediasubtitleslist]),
    media-audio-track-menu-button[mediaaudiotrackunavailable],
    media-pip-button[mediapipunavailable],
    media-airplay-button[mediaairplayunavailable],
    media-rendition-menu-button[mediarenditionunavailable],
    media-fullscreen-button[mediafullscreenunavailable],
    media-volume-range[mediavolumeunavailable] {
      display: none;
    }
    .title {
      align-self: stretch;
      margin: 0;
      padding: 0.75em 1em 2.25em;
      color: #fff;
      font: 600 15px/1.3 var(--reel-font-family, system-ui, sans-serif);
      text-shadow: 0 1px 2px rgb(0 0 0 / 0.6);
      background: linear-gradient(rgb(0 0 0 / 0.6), rgb(0 0 0 / 0.25) 55%, transparent);
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      pointer-events: none;
    }
    media-controller[breakpointmd] .title {
      font-size: 18px;
      padding: 1em 1.25em 2.5em;
    }
    /* Centred on the whole video, not between the title and the bar. */
    .big-play {
      position: absolute;
      left: 50%;
      top: 50%;
      translate: -50% -50%;
      box-sizing: border-box;
      display: grid;
      place-items: center;
      width: 60px;
      height: 60px;
      padding: 0;
      border: 0;
      border-radius: 50%;
      background: var(--reel-accent, #5b8cff);
      color: var(--reel-big-play-color, #fff);
      box-shadow: 0 6px 24px rgb(0 0 0 / 0.35);
      cursor: pointer;
      transition:
        scale 0.15s ease,
        filter 0.15s ease;
    }
    media-controller[breakpointmd] .big-play {
      width: 76px;
      height: 76px;
    }
    .big-play:hover {
      scale: 1.07;
      filter: brightness(1.08);
    }
    .big-play:focus-visible {
      outline: 3px solid #fff;
      outline-offset: 3px;
    }
    .big-play svg {
      width: 44%;
      height: 44%;
      margin-left: 8%; /* the triangle's visual centre */
    }
    .message {
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      padding: 1.5em;
      text-align: center;
      color: var(--reel-message-color, #fff);
      background: var(--reel-message-background, rgb(0 0 0 / 0.7));
      font: 1rem/1.4 var(--reel-font-family, system-ui, sans-serif);
      z-index: 2;
    }
    .end {
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      background: var(--reel-end-screen-background, rgb(0 0 0 / 0.6));
      color: #fff;
      z-index: 1;
    }
    /* start-screen and hover-screen: over the video, letting clicks through
       to the controls except on what is slotted. */
    .screen {
      position: absolute;
      inset: 0;
      z-index: 1;
      pointer-events: none;
    }
    .screen ::slotted(*) {
      pointer-events: auto;
    }
    .end[hidden],
    .message[hidden] {
      display: none;
    }
    [hidden] {
      display: none !important;
    }
  `;

  /** The <video> element (in the shadow root). */
  readonly media: HTMLVideoElement;
  private _hls: HlsLike | null = null;
  private _audio = new ShimAudioTrackList((i) => {
    if (this._hls) this._hls.audioTrack = i;
  });
  /** The quality menu's list (media.videoRenditions) over hls.js levels: a pick pins one, Auto (-1) restores ABR. */
  private _renditions = new ShimRenditionList((level) => {
    const hls = this._hls;
    if (!hls) return;
    if (level < 0) hls.loadLevel = -1;
    else hls.currentLevel = level;
  });
  private _metrics: Metrics | null = null;
  private _themeSheet: CSSStyleSheet | null = null;
  private _recovered = 0;
  private _reattached = 0;
  private _playIntended = false;
  private _sourceSeq = 0;
  /** The CODECS prefix of the codec chosen among the video's ("av01"); null when there was no choice. */
  private _codec: string | null = null;
  private _menuLevels?: MenuLevels;

  constructor() {
    super();
    this.color = null;
    this.theme = null;
    this.controls = null;
    this.subtitles = null;
    this.activeSubtitle = null;
    this.autoplay = false;
    this.muted = false;
    this.loop = false;
    this.poster = null;
    this.quality = null;
    this.start = null;
    this.metrics = null;
    this.preferPlayback = null;
    this.codecs = null;
    this._ended = false;
    this._started = false;
    this._hover = false;
    this._live = '';
    this.addEventListener('pointerenter', () => (this._hover = true));
    this.addEventListener('pointerleave', () => (this._hover = false));
    const v = document.createElement('video');
    v.setAttribute('slot', 'media');
    v.setAttribute('part', 'video');
    v.setAttribute('playsinline', '');
    v.setAttribute('crossorigin', 'anonymous');
    v.setAttribute('preload', 'metadata');
    if (!('audioTracks' in v)) {
      Object.defineProperty(v, 'audioTracks', { value: this._audio, configurable: true });
    }
    Object.defineProperty(v, 'videoRenditions', { value: this._renditions, configurable: true });
    for (const type of MEDIA_EVENTS) {
      v.addEventListener(type, () => this.dispatchEvent(new Event(type)));
    }
    // Chromium runs its own automatic text track selection when metadata
    // arrives (and may show every track); the attributes decide instead.
    v.addEventListener('loadedmetadata', () => this._showSubtitle(this._wantedSub));
    v.addEventListener('ended', () => (this._ended = true));
    v.addEventListener('play', () => {
      this._ended = false;
      this._started = true;
      this._playIntended = true;
    });
    // A media error may pause the element without the viewer asking: what
    // the viewer asked for last is what a reattach resumes.
    v.addEventListener('pause', () => {
      if (!v.error) this._playIntended = false;
    });
    v.addEventListener('seeking', () => (this._ended = false));
    v.addEventListener('error', () => {
      if (this._hls) return; // hls.js reports its own errors
      if (this.live && v.error) return void this._liveEl()?.retry?.(this._sourceSeq);
      if (!v.error || this._state !== 'ready' || !v.currentSrc) return;
      // Native HLS (Safari) and progressive MP4 say nothing of HTTP: a
      // playlist or file gone under the player (a new asset version) is an
      // error like any other. A fresh lookup tells whether the video still
      // plays, as after hls.js's 404; its URLs name the new version.
      if (this._reattached++ < 2) return void this._reattach(this._sourceSeq);
      this._fail(new ReelError(0, 'media', 'The video could not be played.'));
    });
    this.media = v;
  }

  // ---- public media API -------------------------------------------------

  /** Starts playback (loading the video first if needed); the media element's promise. */
  async play(): Promise<void> {
    if (this._state !== 'ready') {
      const info = await this.load();
      if (!info) throw new DOMException(this._message || 'not playable', 'NotSupportedError');
    }
    // "ready" comes with the lookup, before the source is attached (hls.js is
    // a lazy chunk): playing before that would be aborted by the new load.
    await this._sourceReady;
    return this.media.play();
  }
  pause() {
    this.media.pause();
  }
  get currentTime() {
    return this.media.currentTime;
  }
  set currentTime(t: number) {
    this.media.currentTime = t;
  }
  /** The duration; Infinity while live (as a media element says of a live stream). */
  get duration() {
    if (this.live) return Infinity;
    const d = this.media.duration;
    return Number.isFinite(d) ? d : (this._info?.duration ?? NaN);
  }
  /** Whether the video is live now (waiting for its first segment, or playing). */
  get live(): boolean {
    return !!this._live && this._live != 'ended';
  }
  /** Live: seconds the playing position is behind the wall clock (its EXT-X-PROGRAM-DATE-TIME), or null. */
  get latency(): number | null {
    return this._liveEl()?.measure?.() ?? null;
  }
  /** Live: goes to the live edge (and plays). */
  seekToLive() {
    this._liveEl()?.seekToLive?.();
  }
  get paused() {
    return this.media.paused;
  }
  get ended() {
    return this.media.ended;
  }
  get volume() {
    return this.media.volume;
  }
  set volume(v: number) {
    this.media.volume = v;
  }
  get playbackRate() {
    return this.media.playbackRate;
  }
  set playbackRate(v: number) {
    this.media.playbackRate = v;
  }
  get readyState() {
    return this.media.readyState;
  }
  get buffered() {
    return this.media.buffered;
  }
  get textTracks() {
    return this.media.textTracks;
  }
  /** The audio tracks (native, or Reel's list over hls.js). */
  get audioTracks(): ArrayLike<{ id: string; label: string; language: string; enabled: boolean }> {
    return (this.media as unknown as { audioTracks: any }).audioTracks;
  }
  /** The language of the enabled audio track; set a language or track id to switch. */
  get audioTrack(): string | null {
    for (const t of Array.from(this.audioTracks as any) as any[]) if (t.enabled) return t.language || t.id;
    return null;
  }
  set audioTrack(langOrId: string | null) {
    if (!langOrId) return;
    const list = Array.from(this.audioTracks as any) as any[];
    const t = list.find((x) => x.id === langOrId) || list.find((x) => x.language && sameLang(x.language, langOrId));
    if (t) t.enabled = true;
  }
  /** The language of the showing subtitle track, or null; set a language (or "off"). */
  get subtitleTrack(): string | null {
    const t = Array.from(this.media.textTracks).find(
      (x) => x.mode === 'showing' && (x.kind === 'subtitles' || x.kind === 'captions'),
    );
    return t ? t.language : null;
  }
  set subtitleTrack(lang: string | null) {
    this._showSubtitle(lang && lang !== 'off' ? lang : null);
  }
  /** The hls.js instance, when hls.js plays the video. */
  get hls(): unknown {
    return this._hls;
  }

  // ---- lifecycle --------------------------------------------------------

  private _sourceReady: Promise<void> = Promise.resolve();

  protected playsUnready(info: EmbedInfo): boolean {
    return isLiveInfo(info);
  }

  protected reset() {
    super.reset();
    this._live = '';
    this._reattached = 0;
    this._playIntended = false;
    this._teardown();
    this._ended = false;
    this._started = false;
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._metrics?.destroy();
    this._metrics = null;
  }

  connectedCallback() {
    super.connectedCallback();
    if (this._info && !this._metrics) this._startMetrics(this._info);
  }

  private _teardown() {
    this._sourceSeq++;
    this._hls?.destroy();
    this._hls = null;
    this._metrics?.destroy();
    this._metrics = null;
    this._audio.reset([], -1);
    this._renditions.reset([]);
    for (const t of Array.from(this.media.querySelectorAll('track'))) t.remove();
    this.media.removeAttribute('src');
    try {
      this.media.load();
    } catch {
      /* ignore */
    }
  }

  // The keyboard-shortcuts dialog (Shift+?) is in the menus chunk: the first
  // "?" fetches it. media-controller has made the dialog meanwhile, an
  // undefined element whose properties it set; they are set again once the
  // element is upgraded, so that they reach its setters.
  private _onKeyUp = (e: KeyboardEvent) => {
    if (e.key !== '?') return;
    loadMenus()
      .then(() => {
        const d = this.renderRoot.querySelector('media-keyboard-shortcuts-dialog') as (HTMLElement & Record<string, unknown>) | null;
        if (!d) return;
        const own = ['hotkeys', 'open'].filter((k) => Object.prototype.hasOwnProperty.call(d, k)).map((k) => [k, d[k]] as const);
        for (const [k] of own) delete d[k];
        customElements.upgrade(d);
        for (const [k, v] of own) d[k] = v;
      })
      .catch((err) => console.warn('reel-player: the menus failed to load', err));
  };

  protected updated(changed: PropertyValues<this>) {
    super.updated(changed);
    this._syncScreens();
    if (changed.has('muted')) this.media.muted = this.muted;
    if (changed.has('loop')) this.media.loop = this.loop;
    if (changed.has('autoplay')) this.media.autoplay = this.autoplay;
    if (changed.has('theme')) void this._loadTheme();
    // The menus and the PiP and AirPlay buttons are a lazy chunk (dist/menus.js), fetched once a video starts loading
    // (alongside the lookup and hls.js).
    if (this._state !== 'idle' && (changed.has('_state') || changed.has('controls'))) {
      const c = parseControls(this.controls);
      if (MENU_CONTROLS.some((m) => c.has(m))) {
        loadMenus().catch((e) => console.warn('reel-player: the menus failed to load', e));
      }
    }
    if (changed.has('quality') && this._hls) this._applyCap();
    if (this._info && !changed.has('_info')) {
      if (changed.has('subtitles')) this._addTextTracks(this._info);
      else if (changed.has('activeSubtitle')) {
        const original = this._info.audio_tracks?.find((a) => a.default)?.language;
        this._showSubtitle(chooseSubtitles(this._info.subtitles || [], this.subtitles, this.activeSubtitle, original).active);
      }
    }
    if (changed.has('_info') || changed.has('_state')) {
      const t = this._info?.title;
      this.setAttribute('role', 'region');
      this.setAttribute('aria-label', t ? `Video: ${t}` : 'Video player');
      const [w, h] = this._info ? [this._info.width, this._info.height] : [0, 0];
      if (w > 0 && h > 0 && !this.style.getPropertyValue('--reel-aspect-ratio')) {
        this.style.setProperty('--reel-aspect-ratio', `${w} / ${h}`);
      }
    }
  }

  /** The settings of the last lookup this player took, by property (to undo them on the next). */
  private _applied = new Map<string, unknown>();

  /**
   * The server's player settings for this video (space, collection, video:
   * the lookup's `player`), each applied where the page set nothing: an
   * attribute, or a property a framework set, always wins.
   */
  private _applySettings(s: Record<string, unknown> = {}) {
    const self = this as unknown as Record<string, unknown>;
    this._applied.forEach((val, prop) => self[prop] === val && (self[prop] = val === true ? false : null));
    this._applied.clear();
    for (const key of PLAYER_SETTINGS) {
      const attr = key == 'poster-time' ? 'poster' : key;
      const prop = attr == 'active-subtitle' ? 'activeSubtitle' : attr;
      const v = s[key];
      if (v != null && v !== false && !this.hasAttribute(attr) && !self[prop]) this._applied.set(prop, (self[prop] = attr == 'poster' ? '' + v : v));
    }
  }

  protected async onInfo(info: EmbedInfo) {
    this._applySettings(info.player);
    let resolveReady!: () => void;
    this._sourceReady = new Promise((r) => (resolveReady = r));
    try {
      await this._attach(info);
    } finally {
      resolveReady();
    }
  }

  /**
   * Attaches the lookup's source to the video element, from start (the
   * `start` attribute by default) and playing when play is set (autoplay
   * by default).
   */
  private async _attach(info: EmbedInfo, start = this.start && this.start > 0 ? this.start : 0, play = this.autoplay) {
    const seq = ++this._sourceSeq;
    const v = this.media;
    v.muted = this.muted;
    v.loop = this.loop;
    this._addTextTracks(info);
    this._startMetrics(info);
    const live = isLiveInfo(info);
    // Live (a video whose session runs): its low-latency HLS (a signed
    // one's with the token, as every URL of the lookup).
    const src = (live && info.urls.low_latency_hls) || info.urls.hls;
    if (live) {
      // From the live edge; <reel-live> (in the menus chunk) takes it on.
      start = 0;
      v.loop = false;
      if (this._live != 'live') this._live = 'waiting';
      loadMenus().catch(() => {});
    }
    if (this._useNative()) {
      v.src = src;
      if (start) v.addEventListener('loadedmetadata', () => (v.currentTime = start), { once: true });
    } else {
      let Hls: HlsCtor;
      let pickCodec: HlsChunk['pickCodec'];
      try {
        ({ Hls, pickCodec, menuLevels: this._menuLevels } = await loadHls());
      } catch {
        Hls = null as unknown as HlsCtor;
      }
      // The codec, among the video's, before hls.js picks its start
      // (it does not switch codecs by itself once playing).
      const renditions = (info.renditions || []).map((r) => ({ ...r, bitrate: info.duration > 0 ? (8 * r.size) / info.duration : 0 }));
      const codec = Hls && Hls.isSupported() && pickCodec ? await pickCodec(renditions, this.codecs).catch(() => null) : null;
      if (seq !== this._sourceSeq) return;
      this._codec = codec?.fourcc || null;
      if (!Hls || !Hls.isSupported()) {
        // No MSE (or the chunk failed): the smallest progressive rendition.
        const mp4 = [...(info.renditions || [])].sort((a, b) => a.width - b.width)[0];
        if (!mp4) return this._fail(new ReelError(0, 'media', 'This browser cannot play this video.'));
        v.src = mp4.url;
        if (start) v.addEventListener('loadedmetadata', () => (v.currentTime = start), { once: true });
      } else {
        const hls = new Hls({
          startPosition: start || -1,
          // Live: parts, preload hints, blocking reloads and delta updates.
          lowLatencyMode: live,
          // Subtitles come from <track> elements (the lookup's list), the
          // same way on every browser; hls.js does not add its own.
          subtitleStreamController: undefined,
          subtitleTrackController: undefined,
          timelineController: undefined,
          enableWebVTT: false,
          enableCEA708Captions: false,
          capLevelToPlayerSize: false,
          backBufferLength: 60,
          ...(codec
            ? {
                videoPreference: { videoCodec: codec.fourcc },
                // hls.js starts only on a codec whose smallest variant fits
                // its first bandwidth estimate (500 kb/s): a codec kept for
                // the larger rungs (av1 ">=720p") needs a higher one.
                abrEwmaDefaultEstimate: Math.max(5e5, 2 * codec.minBitrate),
              }
            : {}),
        });
        this._hls = hls;
        const E = Hls.Events;
        hls.on(E.MANIFEST_PARSED, () => this._applyCap());
        hls.on(E.AUDIO_TRACKS_UPDATED, () => {
          // The lookup's track for each hls.js one: by NAME (the label) and
          // language, else the first of that language not already taken, so
          // an added "Commentary" in the source's language keeps its label.
          const metas = info.audio_tracks || [];
          const taken = new Set<(typeof metas)[number]>();
          const metaOf = hls.audioTracks.map((t) => {
            const m = metas.find((a) => a.label === t.name && (!t.lang || !a.language || sameLang(a.language, t.lang)));
            if (m) taken.add(m);
            return m;
          });
          const found = hls.audioTracks.map((t, i) => {
            const meta =
              metaOf[i] || metas.find((a) => !taken.has(a) && a.language && t.lang && sameLang(a.language, t.lang));
            if (meta) taken.add(meta);
            return {
              id: String(i),
              label: meta?.label || t.name || t.lang || `Track ${i + 1}`,
              language: t.lang || meta?.language || '',
              default: !!t.default,
            };
          });
          const labels = trackLabels(found);
          const tracks = found.map((t, i) => ({ ...t, label: labels[i] }));
          this._audio.reset(tracks, hls.audioTrack);
        });
        hls.on(E.AUDIO_TRACK_SWITCHED, (_e, data: { id: number }) => {
          this._audio.mark(data.id);
          const t = hls.audioTracks[data.id];
          this.dispatchEvent(new CustomEvent('audiotrackchange', { detail: { language: t?.lang, label: t?.name } }));
        });
        hls.on(E.LEVEL_SWITCHED, (_e, data: { level: number }) => {
          const l = hls.levels[data.level];
          if (l) this._metrics?.renditionChange({ width: l.width, height: l.height, bitrate: l.bitrate, name: l.name });
        });
        hls.on(E.ERROR, (_e, data: { fatal: boolean; type: string; details: string; response?: { code: number } }) => {
          if (!data.fatal) return;
          // Live, a playlist or segment that fails (404 or 503 before the
          // first segment, a publisher reconnecting, a timeout): wait, and
          // try again unless the lookup says the stream has ended.
          if (this.live && data.type === 'networkError') return void this._liveEl()?.retry?.(seq);
          if (data.type === 'mediaError' && this._recovered++ < 2) return hls.recoverMediaError();
          if (data.type === 'networkError' && this._recovered++ < 2 && !data.response?.code)
            return void setTimeout(() => hls.startLoad(), 1000);
          const code = data.response?.code;
          // A 404 under a playlist that loaded: usually a new asset version
          // (the ladder replacing the early remux, a revision) whose files
          // are not the ones this player was listed. A fresh lookup says
          // whether the video still plays; if so, on from the same time.
          if (code === 404 && this._reattached++ < 2) return void this._reattach(seq);
          this._metrics?.error(data.details, data.type);
          this._fail(
            code === 401 || code === 403
              ? new ReelError(code, 'token_invalid', 'token')
              : code === 404
                ? new ReelError(404, 'not_found', 'gone')
                : new ReelError(0, 'media', 'The video could not be played.'),
          );
        });
        hls.loadSource(src);
        hls.attachMedia(v);
      }
    }
    if (play) v.play().catch(() => {});
  }

  /**
   * Looks the video up again after its media answered 404 (or, without
   * hls.js, failed) and, while it is still playable, attaches its current
   * source at the time the viewer was at, playing if the viewer was (what
   * the play and pause events recorded: the error may have paused the
   * element); otherwise fails as the lookup says.
   */
  private async _reattach(seq: number) {
    const playing = this._playIntended;
    const v = this.media;
    const at = v.currentTime;
    const gone = new ReelError(404, 'not_found', 'gone');
    if (!this.embed) return this._fail(gone);
    let info: EmbedInfo;
    try {
      info = await lookupEmbed(apiBase(this), this.embed, this.token, true);
    } catch (e) {
      if (seq === this._sourceSeq) this._fail(e instanceof ReelError ? e : gone);
      return;
    }
    if (seq !== this._sourceSeq) return;
    if ((!info.playable && !isLiveInfo(info)) || info.archived) return this._fail(gone);
    this._hls?.destroy();
    this._hls = null;
    const tok = tokenize(info, this.token);
    this._info = tok;
    await this._attach(tok, at, playing);
  }

  // ---- live (the rest is <reel-live>, src/lazy/live.ts) ------------------

  private _liveEl() {
    return this.renderRoot?.querySelector('reel-live') as (HTMLElement & { measure?(): number | null; retry?(seq: number): void; seekToLive?(): void }) | null;
  }

  /**
   * Native HLS where the browser has it and can also switch audio tracks
   * (Safari), or where there is no MSE (older iOS); hls.js elsewhere. Since
   * Chromium 141 answers "maybe" for HLS but exposes no audio tracks, it gets
   * hls.js too. `prefer-playback="native|mse"` overrides.
   */
  private _useNative(): boolean {
    const v = this.media;
    const can = !!v.canPlayType('application/vnd.apple.mpegurl');
    if (!can) return false;
    if (this.preferPlayback === 'native') return true;
    const mse = typeof MediaSource !== 'undefined' || 'ManagedMediaSource' in globalThis;
    if (!mse) return true;
    if (this.preferPlayback === 'mse') return false;
    return 'audioTracks' in HTMLMediaElement.prototype;
  }

  /** Caps ABR at `quality`, and offers the levels within it in the quality menu (back to Auto). */
  private _applyCap() {
    const hls = this._hls;
    if (!hls) return;
    // In the hls.js chunk; every level, uncapped, with an hls.js of the page's own (hlsSrc).
    const { cap, offered } = this._menuLevels?.(hls.levels, this._codec, this.quality) || {
      cap: -1,
      offered: hls.levels.map((l, i) => ({ id: String(i), width: l.width, height: l.height, bitrate: l.bitrate })),
    };
    hls.autoLevelCapping = cap;
    this._renditions.selectedIndex = -1;
    this._renditions.reset(offered);
  }

  private _startMetrics(info: EmbedInfo) {
    if (this.metrics === 'off' || this._metrics) return;
    const endpoint = this.metrics && /^https?:|^\//.test(this.metrics) ? this.metrics : `${apiBase(this)}/v1/events`;
    this._metrics = new Metrics({ endpoint, embed: info.embed });
    this._metrics.attach(this.media);
  }

  private _addTextTracks(info: EmbedInfo) {
    const v = this.media;
    for (const t of Array.from(v.querySelectorAll('track'))) t.remove();
    if (info.urls.storyboard) {
      const sb = document.createElement('track');
      sb.kind = 'metadata';
      sb.label = 'thumbnails';
      // urls.storyboard names the sprite (storyboard.jpg); its WebVTT index,
      // which the thumbnails track needs, sits beside it (DESIGN.md §5).
      sb.src = info.urls.storyboard.replace(/storyboard\.jpg(\?.*)?$/, 'storyboard.vtt$1');
      sb.default = true;
      v.append(sb);
    }
    // Chapters: a text track built from the lookup's list, which media-chrome
    // shows as segments and hover titles on the seek bar (and the menu lists).
    // (A track needs a src to keep cues: the WebVTT is made here, as a data:
    // URL; media-chrome re-reads the cues on the textTracks "change".)
    const ch = info.chapters || [];
    if (ch.length) {
      const ts = (s: number) => new Date(Math.max(0, s) * 1000).toISOString().slice(11, 23);
      const t = document.createElement('track');
      t.kind = 'chapters';
      t.label = 'Chapters';
      t.default = true;
      t.src =
        'data:text/vtt,' +
        encodeURIComponent(
          'WEBVTT\n\n' +
            ch
              .map((c, i) => {
                const end = Math.max(c.start + 0.001, ch[i + 1]?.start ?? info.duration ?? 0);
                const text = c.title.replace(/\s+/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;');
                return `${ts(c.start)} --> ${ts(end)}\n${text}\n\n`;
              })
              .join(''),
        );
      t.addEventListener('load', () => v.textTracks.dispatchEvent(new Event('change')));
      v.append(t);
    }
    const original = info.audio_tracks?.find((a) => a.default)?.language;
    const { offered, active } = chooseSubtitles(info.subtitles || [], this.subtitles, this.activeSubtitle, original);
    const labels = trackLabels(offered);
    for (const [i, s] of offered.entries()) {
      const t = document.createElement('track');
      t.kind = 'subtitles';
      t.srclang = s.language;
      t.label = labels[i];
      t.src = s.url;
      v.append(t);
    }
    this._showSubtitle(active);
  }

  private _wantedSub: string | null = null;

  private _showSubtitle(lang: string | null) {
    this._wantedSub = lang;
    for (const t of Array.from(this.media.textTracks)) {
      if (t.kind !== 'subtitles' && t.kind !== 'captions') continue;
      t.mode = lang && sameLang(t.language, lang) ? 'showing' : 'disabled';
    }
  }

  private async _loadTheme() {
    const root = this.shadowRoot;
    if (!root) return;
    if (this._themeSheet) {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== this._themeSheet);
      this._themeSheet = null;
    }
    if (!this.theme) return;
    try {
      const mod = await import(/* @vite-ignore */ new URL(this.theme, document.baseURI).href);
      let out: unknown = mod.default ?? mod.css;
      if (typeof out === 'function') out = await out(this);
      const cssText = typeof out === 'string' ? out : typeof mod.css === 'string' ? mod.css : '';
      if (cssText) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(cssText);
        this._themeSheet = sheet;
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      }
      this.dispatchEvent(new CustomEvent('reel-theme', { detail: { theme: this.theme } }));
    } catch (e) {
      console.warn('reel-player: theme failed to load', this.theme, e);
    }
  }

  private _posterURL(): string | undefined {
    const info = this._info;
    const p = this.poster;
    if (p === 'none') return undefined;
    const secs = posterSeconds(p);
    if (secs != null && info?.urls.frame) {
      const w = Math.round((this.clientWidth || 640) * (globalThis.devicePixelRatio || 1));
      return frameUrl(info.urls.frame, secs, Math.max(16, Math.min(3840, w)));
    }
    if (p) return p;
    return info?.urls.poster || undefined;
  }

  /**
   * The seek bar (twice: in the row of buttons, and in a row of its own on
   * narrow players, once the big play button has gone: a small player has
   * no room for both).
   */
  private _seekBar() {
    return html`<media-time-range part="seek-bar">
      <media-preview-thumbnail slot="preview"></media-preview-thumbnail>
      <media-preview-chapter-display slot="preview"></media-preview-chapter-display>
      <media-preview-time-display slot="preview"></media-preview-time-display>
    </media-time-range>`;
  }

  /** Which screen slots show now. */
  private _screens(): Record<string, boolean> {
    const ok = this._state !== 'error' && this._state !== 'processing';
    return { 'start-screen': ok && !this._started, 'end-screen': ok && this._ended, 'hover-screen': ok && this._hover };
  }

  /**
   * What is slotted into a screen is hidden (`hidden`) except while its
   * screen shows, so content that starts `hidden` (no flash before reel.js
   * runs) appears at the end and goes again on replay.
   */
  private _syncScreens() {
    const show = this._screens();
    for (const el of Array.from(this.children) as HTMLElement[]) {
      const slot = el.getAttribute('slot') || '';
      if (slot in show && el.hidden === show[slot]) el.hidden = !show[slot];
    }
  }

  protected render() {
    const c = parseControls(this.controls);
    const info = this._info;
    const hasEnd = !!this.querySelector(':scope > [slot="end-screen"]');
    const chapters = !!info?.chapters?.length && c.has('chapters');
    const screens = this._screens();
    const style = this.color ? `--reel-accent:${this.color}` : '';
    const poster = this._posterURL();
    const live = this.live;
    // Waiting for a live stream, or ended: <reel-live> shows it.
    const liveMsg = !!this._live && this._live != 'live';
    const msg = this._state === 'error' || this._state === 'processing' || liveMsg;
    const title = this.title || info?.title || '';
    const bigPlay = !this._started && !msg;
    return html`
      <media-controller
        part="controller"
        style=${style}
        novolumepref
        nomutedpref
        nosubtitleslangpref
        ?audio=${false}
        lang=${document.documentElement.lang || 'en'}
        @keyup=${this._onKeyUp}
      >
        ${this.media}
        ${poster ? html`<media-poster-image slot="poster" part="poster" src=${poster} alt=${info?.title || ''}></media-poster-image>` : nothing}
        ${title && !msg ? html`<p class="title" part="title" slot="top-chrome">${title}</p>` : nothing}
        ${bigPlay
          ? html`<button
              class="big-play"
              part="big-play-button"
              slot="centered-chrome"
              aria-label=${title ? `Play: ${title}` : 'Play'}
              @click=${() => this.play().catch(() => {})}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M6 4.2v15.6a1 1 0 0 0 1.5.86l13-7.8a1 1 0 0 0 0-1.72l-13-7.8A1 1 0 0 0 6 4.2z" /></svg>
            </button>`
          : nothing}
        <media-loading-indicator slot="centered-chrome" noautohide></media-loading-indicator>
        ${c.has('subtitles') ? html`<media-captions-menu id="captions-menu" hidden anchor="auto"></media-captions-menu>` : nothing}
        ${c.has('audiotracks') ? html`<media-audio-track-menu id="audio-menu" hidden anchor="auto"></media-audio-track-menu>` : nothing}
        ${chapters ? html`<reel-chapters-menu id="chapters-menu" hidden anchor="chapters-button"></reel-chapters-menu>` : nothing}
        ${c.has('quality') ? html`<media-rendition-menu id="quality-menu" hidden anchor="auto"></media-rendition-menu>` : nothing}
        ${c.has('rate') ? html`<media-playback-rate-menu id="rate-menu" hidden anchor="auto" rates="0.5 0.75 1 1.25 1.5 1.75 2"></media-playback-rate-menu>` : nothing}
        ${c.has('seek') && !bigPlay ? html`<media-control-bar class="seek-row" part="seek-row">${this._seekBar()}</media-control-bar>` : nothing}
        ${c.size
          ? html`<media-control-bar part="control-bar">
              ${c.has('play') ? html`<media-play-button part="play-button"></media-play-button>` : nothing}
              ${c.has('volume')
                ? html`<media-mute-button part="mute-button"></media-mute-button
                    ><media-volume-range part="volume-range"></media-volume-range>`
                : nothing}
              ${live
                ? html`<reel-live-button part="live-button"></reel-live-button>`
                : c.has('time')
                  ? html`<media-time-display part="time" showduration></media-time-display>`
                  : nothing}
              ${c.has('seek') ? this._seekBar() : html`<span style="flex:1"></span>`}
              ${chapters
                ? html`<reel-chapters-menu-button id="chapters-button" part="chapters-button" invoketarget="chapters-menu"></reel-chapters-menu-button>`
                : nothing}
              ${c.has('rate')
                ? html`<media-playback-rate-menu-button part="rate-button" invoketarget="rate-menu"></media-playback-rate-menu-button>`
                : nothing}
              ${c.has('subtitles')
                ? html`<media-captions-menu-button part="subtitles-button" invoketarget="captions-menu"></media-captions-menu-button>`
                : nothing}
              ${c.has('audiotracks')
                ? html`<media-audio-track-menu-button part="audiotracks-button" invoketarget="audio-menu"></media-audio-track-menu-button>`
                : nothing}
              ${c.has('quality')
                ? html`<media-rendition-menu-button part="quality-button" invoketarget="quality-menu"></media-rendition-menu-button>`
                : nothing}
              ${c.has('pip') ? html`<media-pip-button part="pip-button"></media-pip-button>` : nothing}
              ${c.has('airplay') ? html`<media-airplay-button part="airplay-button"></media-airplay-button>` : nothing}
              ${c.has('fullscreen') ? html`<media-fullscreen-button part="fullscreen-button"></media-fullscreen-button>` : nothing}
            </media-control-bar>`
          : nothing}
      </media-controller>
      <div class="screen" part="start-screen" ?hidden=${!screens['start-screen']}><slot name="start-screen"></slot></div>
      <div class="screen" part="hover-screen" ?hidden=${!screens['hover-screen']}><slot name="hover-screen"></slot></div>
      <div class="end" part="end-screen" ?hidden=${!(screens['end-screen'] && hasEnd)}>
        <slot name="end-screen" @slotchange=${() => this.requestUpdate()}></slot>
      </div>
      ${this._live
        ? html`<reel-live .player=${this} state=${this._live} exportparts="live-stats,recording-button"></reel-live>`
        : nothing}
      <div class="message" part="message" role=${this._state === 'error' ? 'alert' : 'status'} ?hidden=${!msg || liveMsg}>
        ${msg && !liveMsg ? this._message : ''}
      </div>
    `;
  }
}

define('reel-player', ReelPlayer);

declare global {
  interface HTMLElementTagNameMap {
    'reel-player': ReelPlayer;
  }
}
