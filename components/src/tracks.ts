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
