// dashboard.js: the Reel dashboard, served at {base_url}/ by refserver. It
// talks only to the public /v1 API; the player and the other elements come
// from reel.js next to it, loaded when a page needs them.
import './app.js';
