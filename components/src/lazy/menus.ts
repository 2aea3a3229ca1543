// The lazily loaded media-chrome menus chunk (dist/menus.js): the subtitle
// and audio-track menus and their buttons, fetched by <reel-player> (through
// src/menus.ts) once it starts loading a video whose `controls` include
// `subtitles` or `audiotracks`. Until then the buttons are undefined
// elements: invisible, and there is nothing to choose yet.
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

/** Defines the menu elements; `shared` is reel.js's media-chrome modules (build.mjs). */
export declare function install(shared: readonly Record<string, unknown>[]): void;
