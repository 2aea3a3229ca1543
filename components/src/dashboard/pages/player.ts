// Player: the look of every embed — for now a configurator that writes the
// attributes; the stored settings come with issue 16, item 4.
import { html } from 'lit';
import { define, LightElement, readOnlyBanner } from '../ui.js';

export class PlayerPage extends LightElement {
  render() {
    return html`<div class="page"><div class="page-head"><h1>Player</h1></div>${readOnlyBanner()}
      <div class="card"><div class="card-body"><p class="muted">Player settings are set with attributes on <code>&lt;reel-player&gt;</code> for now.</p></div></div></div>`;
  }
}
define('reel-dash-player', PlayerPage);
