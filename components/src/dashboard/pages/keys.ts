// Keys: API keys (the secret shown once), signing keys (the private half
// shown once), the JWKS link, and a token minter for upload and playback
// tokens signed here with this session's key (HS256).
import { html, nothing } from 'lit';
import { ApiError, Key, messageOf, NewSigningKey, SigningKey } from '../api.js';
import { keyID, signHS256 } from '../jwt.js';
import { app } from '../state.js';
import { confirmDialog, copyButton, define, errorBox, icon, LightElement, readOnlyBanner, showSecret, toast, when } from '../ui.js';
import { navigate } from '../router.js';

export class KeysPage extends LightElement {
  static properties = {
    _keys: { state: true },
    _keysError: { state: true },
    _signing: { state: true },
    _signingError: { state: true },
    _formError: { state: true },
    _token: { state: true },
    _tokenError: { state: true },
    _aud: { state: true },
  };
  declare _keys: Key[] | null;
  declare _keysError: unknown;
  declare _signing: SigningKey[] | null;
  declare _signingError: unknown;
  declare _formError: unknown;
  declare _token: string;
  declare _tokenError: unknown;
  declare _aud: 'upload' | 'playback';

  constructor() {
    super();
    this._keys = null;
    this._keysError = null;
    this._signing = null;
    this._signingError = null;
    this._formError = null;
    this._token = '';
    this._tokenError = null;
    this._aud = 'playback';
  }
  connectedCallback() {
    super.connectedCallback();
    void this._load();
    if (!app.canWrite) this._aud = 'playback';
  }

  private async _load() {
    await Promise.all([
      app.api!.all<Key>('/v1/keys').then(
        (k) => ((this._keys = k), (this._keysError = null)),
        (e) => (this._keysError = e),
      ),
      app.api!.all<SigningKey>('/v1/signing-keys').then(
        (k) => ((this._signing = k), (this._signingError = null)),
        (e) => (this._signingError = e),
      ),
    ]);
  }

  private async _createKey(e: Event) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    this._formError = null;
    try {
      const k = await app.api!.post<Key>('/v1/keys', { name: String(f.get('name') || '').trim() || undefined, access: String(f.get('access')) });
      form.reset();
      await this._load();
      await showSecret('API key created', html`It is shown <strong>only now</strong>; Reel keeps only a hash of it. Use it as <code>Authorization: Bearer</code>.`, [{ label: `${k.access === 'read_only' ? 'Read-only' : 'Read-write'} key`, value: k.key || '' }]);
    } catch (err) {
      this._formError = err;
    }
  }

  private async _deleteKey(k: Key) {
    const self = k.id === app.space?.key?.id;
    const ok = await confirmDialog({
      title: `Delete the key ${k.name || k.id}?`,
      body: self
        ? html`<strong>This is the key you are signed in with.</strong> Deleting it signs you out, and every program using it and every token it signed stop working.`
        : 'Every program using it, and every token it signed, stop working at once.',
      confirm: 'Delete key',
      danger: true,
    });
    if (!ok) return;
    try {
      await app.api!.del(`/v1/keys/${k.id}`);
      toast('Key deleted.');
      if (self) {
        app.signOut();
        navigate('/', { replace: true });
        return;
      }
      await this._load();
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  private async _createSigning(e: Event) {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    try {
      const k = await app.api!.post<NewSigningKey>('/v1/signing-keys', { algorithm: String(f.get('algorithm')) });
      await this._load();
      await showSecret(`Signing key ${k.id} (${k.algorithm})`, html`The private half is shown <strong>only now</strong>. Sign tokens with it on your server (<code>kid</code> = <code>${k.id}</code>); Reel checks them with the public half from the JWKS.`, [
        { label: 'Private key (PKCS #8 PEM)', value: k.private_pem || '', multiline: true },
        { label: 'Private key (JWK)', value: JSON.stringify(k.private_jwk), multiline: true },
      ]);
    } catch (err) {
      toast(messageOf(err), true);
    }
  }

  private async _deleteSigning(k: SigningKey) {
    const ok = await confirmDialog({ title: `Delete the signing key ${k.id}?`, body: 'Every token it signed stops verifying at once.', confirm: 'Delete signing key', danger: true });
    if (!ok) return;
    try {
      await app.api!.del(`/v1/signing-keys/${k.id}`);
      toast('Signing key deleted.');
      await this._load();
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  private async _mint(e: Event) {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const sub = String(f.get('sub') || '').trim() || app.space!.id;
    const ttl = Number(f.get('ttl') || 3600);
    const origins = String(f.get('origins') || '').split(/[\s,]+/).filter(Boolean);
    this._tokenError = null;
    try {
      this._token = await signHS256(app.key, {
        aud: this._aud,
        sub,
        exp: Math.floor(Date.now() / 1000) + ttl,
        ...(this._aud === 'playback' && origins.length ? { origins } : {}),
      });
    } catch (err) {
      this._tokenError = err;
    }
  }

  private _apiKeys() {
    const w = app.canWrite;
    if (this._keysError instanceof ApiError && (this._keysError.status === 403 || this._keysError.code === 'read_only_key')) {
      return html`<p class="muted">A read-only key cannot list or create API keys. ${this._keysError.message}</p>`;
    }
    if (this._keysError) return errorBox(this._keysError);
    if (!this._keys) return html`<p class="muted" role="status">Loading…</p>`;
    return html`<div class="table-wrap"><table class="table" data-keys>
      <thead><tr><th>Name</th><th>Access</th><th class="wide-only">Id</th><th class="wide-only">Created</th><th class="wide-only">Last used</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${this._keys.map((k) => html`<tr data-key=${k.id}>
        <td>${k.name || html`<span class="muted">unnamed</span>`}${k.id === app.space?.key?.id ? html` <span class="badge info">this session</span>` : nothing}</td>
        <td><span class="badge ${k.access === 'read_write' ? 'ok' : ''}">${k.access === 'read_write' ? 'Read-write' : 'Read-only'}</span></td>
        <td class="wide-only"><code>${k.id}</code></td>
        <td class="wide-only nowrap">${when(k.created_at)}</td>
        <td class="wide-only nowrap">${when(k.last_used_at)}</td>
        <td style="text-align:right">${w ? html`<button class="btn sm danger" data-write @click=${() => this._deleteKey(k)} aria-label=${`Delete the key ${k.name || k.id}`}>${icon('trash')}<span class="wide-inline">Delete</span></button>` : nothing}</td>
      </tr>`)}</tbody></table></div>
      ${w
        ? html`<form class="toolbar" @submit=${this._createKey} data-key-form>
            <div class="field search"><label for="k-name">Name</label><input id="k-name" name="name" maxlength="200" placeholder="CI uploads" /></div>
            <div class="field"><label for="k-access">Access</label><select id="k-access" name="access"><option value="read_write">Read-write</option><option value="read_only">Read-only</option></select></div>
            <button class="btn primary" type="submit" data-write>${icon('plus')}Create key</button>
          </form>${errorBox(this._formError)}`
        : nothing}`;
  }

  private _signingKeys() {
    const w = app.canWrite;
    const list = this._signing;
    return html`${this._signingError ? errorBox(this._signingError) : nothing}
      ${list?.length
        ? html`<div class="table-wrap"><table class="table" data-signing-keys><thead><tr><th>Id (kid)</th><th>Algorithm</th><th class="wide-only">Created</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>${list.map((k) => html`<tr><td><code>${k.id}</code></td><td>${k.algorithm}</td><td class="wide-only">${when(k.created_at)}</td>
              <td style="text-align:right">${w ? html`<button class="btn sm danger" data-write @click=${() => this._deleteSigning(k)} aria-label=${`Delete the signing key ${k.id}`}>${icon('trash')}<span class="wide-inline">Delete</span></button>` : nothing}</td></tr>`)}</tbody></table></div>`
        : list
          ? html`<p class="muted">No signing keys. Tokens can be signed with an API key (HS256) — or create an Ed25519 or ES256 key, whose private half never reaches Reel after this page.</p>`
          : nothing}
      <div class="row">
        ${w
          ? html`<form class="row" @submit=${this._createSigning}>
              <label for="sk-alg" class="visually-hidden">Algorithm</label>
              <select id="sk-alg" name="algorithm" style="width:auto"><option value="EdDSA">Ed25519 (EdDSA)</option><option value="ES256">P-256 (ES256)</option></select>
              <button class="btn" type="submit" data-write>${icon('plus')}Create signing key</button></form>`
          : nothing}
        <a class="btn ghost" href=${app.base + '/.well-known/jwks.json'} target="_blank" rel="noopener" data-external>${icon('external')}JWKS</a>
      </div>`;
  }

  private _minter() {
    const w = app.canWrite;
    const aud = w ? this._aud : 'playback';
    const tok = this._token;
    return html`<form class="form-grid two" @submit=${this._mint} data-minter>
        <div class="field"><label for="t-aud">Token</label>
          <select id="t-aud" @change=${(e: Event) => ((this._aud = (e.target as HTMLSelectElement).value as 'upload'), (this._token = ''))}>
            <option value="playback" ?selected=${aud === 'playback'}>Playback (unlocks signed videos)</option>
            ${w ? html`<option value="upload" ?selected=${aud === 'upload'}>Upload (a browser uploads without a key)</option>` : nothing}
          </select></div>
        <div class="field"><label for="t-sub">Subject</label><input id="t-sub" name="sub" placeholder=${app.space!.id} />
          <span class="hint">${aud === 'playback' ? 'an embed id, a collection id, or the space id (default)' : 'the space id (default), a collection id, or a video id to replace its source'}</span></div>
        <div class="field"><label for="t-ttl">Lifetime</label><select id="t-ttl" name="ttl">
          <option value="900">15 minutes</option><option value="3600" selected>1 hour</option><option value="86400">24 hours</option>
          ${aud === 'playback' ? html`<option value="604800">7 days</option>` : nothing}</select></div>
        ${aud === 'playback' ? html`<div class="field"><label for="t-origins">Allowed origins <span class="hint">(optional, for hotlink protection)</span></label><input id="t-origins" name="origins" placeholder="https://example.com" /></div>` : nothing}
        <div class="actions wide"><button class="btn primary" type="submit">Mint token</button>
          <span class="muted small">Signed in this browser with this session's key (HS256, <code>kid</code> ${keyID(app.key)}); nothing is sent.</span></div>
        ${errorBox(this._tokenError)}
        ${tok ? html`<div class="field wide"><span class="small" style="font-weight:600">Token</span><div class="secret"><code data-token>${tok}</code>${copyButton(tok, 'Copy', 'token')}</div>
            <span class="hint">${aud === 'playback' ? html`Use it as <code>token="…"</code> on a player, or <code>?token=</code> on asset and watch URLs.` : html`Use it as <code>&lt;reel-upload token="…"&gt;</code>, or as the Bearer of a tus upload to <code>/v1/uploads</code>.`}</span></div>` : nothing}
      </form>`;
  }

  render() {
    return html`<div class="page">
      <div class="page-head"><h1>API keys</h1></div>
      ${readOnlyBanner()}
      <section class="card" aria-labelledby="h-api-keys"><div class="card-head"><h2 id="h-api-keys">API keys</h2><p class="muted small">Keys sign in here and authorize the API, the CLI and uploads. The secret is shown once, when the key is created.</p></div>
        <div class="card-body">${this._apiKeys()}</div></section>
      <section class="card" aria-labelledby="h-signing"><div class="card-head"><h2 id="h-signing">Signing keys</h2><p class="muted small">Asymmetric keys for upload and playback tokens; the public halves are published as a JWKS.</p></div>
        <div class="card-body">${this._signingKeys()}</div></section>
      <section class="card" aria-labelledby="h-minter"><div class="card-head"><h2 id="h-minter">Token minter</h2><p class="muted small">Try upload and playback tokens the way your server would mint them.</p></div>
        <div class="card-body">${this._minter()}</div></section>
    </div>`;
  }
}
define('reel-dash-keys', KeysPage);
