import { html, nothing } from 'lit';
import { messageOf } from '../api.js';
import { app, keyStore } from '../state.js';
import { define, icon, LightElement, logo } from '../ui.js';

/** Sign in by pasting an API key; it is checked against GET /v1/space. */
export class SignIn extends LightElement {
  static properties = { error: { type: String }, _busy: { state: true } };
  declare error: string;
  declare _busy: boolean;

  constructor() {
    super();
    this.error = '';
    this._busy = false;
  }

  private async _submit(e: Event) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const key = (form.elements.namedItem('key') as HTMLInputElement).value.trim();
    const remember = (form.elements.namedItem('remember') as HTMLInputElement).checked;
    if (!key) {
      this.error = 'Paste an API key (it starts with rk_).';
      return;
    }
    this._busy = true;
    this.error = '';
    try {
      await app.signIn(key);
      keyStore.save(key, remember);
      this.dispatchEvent(new CustomEvent('signed-in', { bubbles: true }));
    } catch (err) {
      this.error = messageOf(err);
    } finally {
      this._busy = false;
    }
  }

  render() {
    return html`<main class="signin">
      <div class="card signin-card">
        <div class="card-body" style="gap:18px">
          <div class="brand" style="font-size:1.25rem">${logo}Reel</div>
          <div class="stack-sm">
            <h1>Sign in to your space</h1>
            <p class="muted">Paste an API key. <code>refserver</code> prints a read-write and a read-only key the first time it starts.</p>
          </div>
          <form class="stack" @submit=${this._submit} novalidate>
            <div class="field">
              <label for="key">API key</label>
              <input id="key" name="key" type="password" autocomplete="off" spellcheck="false" placeholder="rk_…" required autofocus
                aria-describedby=${this.error ? 'signin-error' : 'key-hint'} aria-invalid=${this.error ? 'true' : 'false'} />
              <span class="hint" id="key-hint">The key stays in this tab (sessionStorage) and is sent only to this server, as <code>Authorization: Bearer</code>.</span>
            </div>
            <label class="check"><input type="checkbox" name="remember" /> Remember on this device</label>
            ${this.error ? html`<div class="error" role="alert" id="signin-error">${icon('alert')}<div>${this.error}</div></div>` : nothing}
            <button class="btn primary" type="submit" ?disabled=${this._busy}>${this._busy ? 'Checking…' : 'Sign in'}</button>
          </form>
          <details class="small">
            <summary>Lost the keys?</summary>
            <p class="muted" style="margin-top:8px">On the server, <code>bin/refserver keys create --access read_write</code> prints a new key as JSON.</p>
          </details>
        </div>
      </div>
    </main>`;
  }
}
define('reel-dash-signin', SignIn);
