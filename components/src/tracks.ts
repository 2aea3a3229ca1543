// A minimal AudioTrackList for browsers that play HLS through hls.js
// (Chromium, Firefox): media-chrome's audio track menu reads
// media.audioTracks, which those browsers do not expose.

export class ShimAudioTrack {
  kind: string;
  private _enabled = false;
  // Kept out of enumerable properties: media-chrome deep-compares tracks.
  #list: ShimAudioTrackList;
  constructor(
    list: ShimAudioTrackList,
    public id: string,
    public label: string,
    public language: string,
    isDefault: boolean,
  ) {
    this.#list = list;
    this.kind = isDefault ? 'main' : 'translation';
  }
  get enabled() {
    return this._enabled;
  }
  set enabled(v: boolean) {
    // Only a selection does something; media-chrome sets every other track to false.
    if (v && !this._enabled) this.#list.select(this);
  }
  /** @internal */
  _set(v: boolean) {
    this._enabled = v;
  }
}

export class ShimAudioTrackList extends EventTarget {
  private tracks: ShimAudioTrack[] = [];
  constructor(private onSelect: (index: number) => void) {
    super();
  }
  get length() {
    return this.tracks.length;
  }
  [Symbol.iterator]() {
    return this.tracks[Symbol.iterator]();
  }
  item(i: number) {
    return this.tracks[i] ?? null;
  }
  getTrackById(id: string) {
    return this.tracks.find((t) => t.id === id) ?? null;
  }
  /** Replaces the list (hls.js AUDIO_TRACKS_UPDATED). */
  reset(list: { id: string; label: string; language: string; default: boolean }[], selected: number) {
    for (const t of this.tracks) this.dispatchEvent(Object.assign(new Event('removetrack'), { track: t }));
    this.tracks = list.map((t) => new ShimAudioTrack(this, t.id, t.label, t.language, t.default));
    this.tracks.forEach((t, i) => t._set(i === selected));
    for (const t of this.tracks) this.dispatchEvent(Object.assign(new Event('addtrack'), { track: t }));
  }
  /** Marks the track at index as the enabled one (hls.js AUDIO_TRACK_SWITCHED). */
  mark(index: number) {
    let changed = false;
    this.tracks.forEach((t, i) => {
      if (t.enabled !== (i === index)) changed = true;
      t._set(i === index);
    });
    if (changed) this.dispatchEvent(new Event('change'));
  }
  /** @internal */
  select(track: ShimAudioTrack) {
    const i = this.tracks.indexOf(track);
    if (i < 0) return;
    this.mark(i);
    this.onSelect(i);
  }
}

/**
 * A minimal VideoRenditionList (the media-tracks shape media-chrome's quality
 * menu reads from media.videoRenditions: indexed, `selectedIndex`, events)
 * over hls.js levels. selectedIndex -1 is Auto (hls.js's ABR); an index pins
 * that level until Auto is picked.
 */
export class ShimRenditionList extends EventTarget {
  [i: number]: Rendition;
  length = 0;
  private sel = -1;
  constructor(private onSelect: (level: number) => void) {
    super();
  }
  [Symbol.iterator]() {
    return Array.prototype.values.call(this) as IterableIterator<Rendition>;
  }
  get selectedIndex() {
    return this.sel;
  }
  set selectedIndex(i: number) {
    i = this[i] ? i : -1;
    if (i === this.sel) return;
    this.sel = i;
    this.onSelect(i < 0 ? -1 : +this[i].id);
    this.dispatchEvent(new Event('change'));
  }
  /** Replaces the list; `id` is the hls.js level index. Fewer than two: nothing to choose. */
  reset(list: Rendition[]) {
    const had = this.length;
    if (list.length < 2) list = [];
    for (let i = 0; i < Math.max(had, list.length); i++) Object.defineProperty(this, i, { value: list[i], configurable: true });
    this.length = list.length;
    this.sel = -1;
    if (had || list.length) this.dispatchEvent(new Event(list.length ? 'addrendition' : 'removerendition'));
  }
}
interface Rendition {
  id: string;
  width: number;
  height: number;
  bitrate: number;
}
