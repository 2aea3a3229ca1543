// The lazily loaded media-chrome menus chunk (dist/menus.js): the subtitle,
// audio-track, quality, chapters and playback-rate menus and their buttons,
// and the picture-in-picture and AirPlay buttons, fetched by <reel-player>
// and <reel-audio> (through src/menus.ts) once they start loading a video
// whose `controls` include one of them (MENU_CONTROLS in src/util.ts). Until
// then the buttons are undefined elements: invisible, and there is nothing
// to choose yet.
//
// build.mjs builds this file as `export function install(shared)`: every
// media-chrome module that reel.js already bundles (the button base class,
// constants, i18n, utils…) comes from `shared` (reel.js's own instances),
// not from a second copy; the chunk itself imports nothing, so it works
// wherever reel.js is served from, under any name or query string.
import 'media-chrome/dist/menu/media-chrome-menu-item.js';
import 'media-chrome/dist/menu/media-captions-menu.js';
import 'media-chrome/dist/menu/media-captions-menu-button.js';
import 'media-chrome/dist/menu/media-audio-track-menu.js';
import 'media-chrome/dist/menu/media-audio-track-menu-button.js';
import 'media-chrome/dist/menu/media-rendition-menu.js';
import 'media-chrome/dist/menu/media-rendition-menu-button.js';
import 'media-chrome/dist/menu/media-playback-rate-menu.js';
import 'media-chrome/dist/menu/media-playback-rate-menu-button.js';
import './chapters.js';
// <reel-audio controls="… rate">: the button that steps through the rates.
import 'media-chrome/dist/media-playback-rate-button.js';
import 'media-chrome/dist/media-pip-button.js';
import 'media-chrome/dist/media-airplay-button.js';
// The keyboard-shortcuts dialog (Shift+?): reel.js has a stub of its module
// (build.mjs), and <reel-player> fetches this chunk on the first "?".
import 'media-chrome/dist/media-keyboard-shortcuts-dialog.js';
// <reel-live>: a live video's latency line, its waiting and ended overlays,
// the lookups while live and the switch to the recording.
import './live.js';

/** Defines the menu elements; `shared` is reel.js's media-chrome modules (build.mjs). */
export declare function install(shared: readonly Record<string, unknown>[]): void;
