// The dashboard's shared state: the API key and its client, the space, the
// collections (small, kept in memory and refreshed on change), a playback
// token for the space's signed posters and players, and a tiny event bus.
import { Api, Collection, Space } from './api.js';
import { signHS256 } from './jwt.js';

const STORE_KEY = 'reel.dashboard.key';

/** Where the key is kept: memory and sessionStorage; localStorage only when remembered. */
export const keyStore = {
  load(): { key: string; remember: boolean } | null {
    try {
      const s = sessionStorage.getItem(STORE_KEY);
      if (s) return { key: s, remember: false };
      const l = localStorage.getItem(STORE_KEY);
      if (l) return { key: l, remember: true };
    } catch {
      /* storage disabled: memory only */
    }
    return null;
  },
  save(key: string, remember: boolean) {
    try {
      sessionStorage.setItem(STORE_KEY, key);
      if (remember) localStorage.setItem(STORE_KEY, key);
      else localStorage.removeItem(STORE_KEY);
    } catch {
      /* memory only */
    }
  },
  clear() {
    try {
      sessionStorage.removeItem(STORE_KEY);
      localStorage.removeItem(STORE_KEY);
    } catch {
      /* nothing kept */
    }
  },
};

type Listener = (detail?: unknown) => void;

class AppState {
  /** {base_url}: the API and the pages. */
  base = '';
  /** The path of {base_url} ("" at the root): the app's routes live under it. */
  basePath = '';
  api: Api | null = null;
  space: Space | null = null;
  collections: Collection[] = [];
  private listeners = new Map<string, Set<Listener>>();
  private playback: { token: string; exp: number } | null = null;

  get canWrite(): boolean {
    return this.space?.key?.access !== 'read_only';
  }
  get key(): string {
    return this.api?.key || '';
  }
  /** Why a write control is disabled, for its title and the read-only banner. */
  readonly readOnlyReason = 'This key is read-only: sign in with a read-write key to change anything.';

  on(name: string, fn: Listener): () => void {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(fn);
    return () => this.listeners.get(name)?.delete(fn);
  }
  emit(name: string, detail?: unknown) {
    for (const fn of this.listeners.get(name) || []) fn(detail);
  }

  /** Checks a key against GET /v1/space; on success it becomes the session's key. */
  async signIn(key: string): Promise<Space> {
    const api = new Api(this.base, key.trim());
    const space = await api.get<Space>('/v1/space');
    this.api = api;
    this.space = space;
    this.playback = null;
    await this.loadCollections().catch(() => {});
    this.emit('auth');
    return space;
  }

  signOut() {
    keyStore.clear();
    this.api = null;
    this.space = null;
    this.collections = [];
    this.playback = null;
    this.emit('auth');
  }

  async loadCollections(): Promise<Collection[]> {
    if (!this.api) return [];
    this.collections = await this.api.all<Collection>('/v1/collections');
    this.collections.sort((a, b) => a.name.localeCompare(b.name));
    this.emit('collections');
    return this.collections;
  }

  collectionName(id: string | null | undefined): string {
    if (!id) return '';
    return this.collectionPath(id) || id;
  }

  /** "Talks / 2026": the names from the top of the tree down. */
  collectionPath(id: string): string {
    const names: string[] = [];
    const byID = new Map(this.collections.map((c) => [c.id, c]));
    let c = byID.get(id);
    for (let i = 0; c && i < 64; i++) {
      names.unshift(c.name);
      c = c.parent ? byID.get(c.parent) : undefined;
    }
    return names.join(' / ');
  }

  /** The collections in tree order, each with its depth. */
  collectionTree(): { c: Collection; depth: number }[] {
    const kids = new Map<string, Collection[]>();
    const ids = new Set(this.collections.map((c) => c.id));
    for (const c of this.collections) {
      const p = c.parent && ids.has(c.parent) ? c.parent : '';
      if (!kids.has(p)) kids.set(p, []);
      kids.get(p)!.push(c);
    }
    const out: { c: Collection; depth: number }[] = [];
    const walk = (p: string, depth: number) => {
      for (const c of kids.get(p) || []) {
        out.push({ c, depth });
        if (depth < 64) walk(c.id, depth + 1);
      }
    };
    walk('', 0);
    return out;
  }

  /**
   * A playback token for the whole space, signed here with the key (HS256),
   * for the posters and players of signed videos; renewed before it expires.
   */
  async playbackToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (this.playback && this.playback.exp - now > 600) return this.playback.token;
    const exp = now + 3600 * 6;
    const token = await signHS256(this.key, { aud: 'playback', sub: this.space!.id, exp });
    this.playback = { token, exp };
    return token;
  }
}

export const app = new AppState();
