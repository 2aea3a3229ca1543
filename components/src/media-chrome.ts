// The media-chrome pieces the elements use (importing single modules keeps
// the bundle small: no media-theme, no cast, no airplay). The subtitle and
// audio-track menus are a lazy chunk: src/lazy/menus.ts.
import 'media-chrome/dist/media-controller.js';
import 'media-chrome/dist/media-control-bar.js';
import 'media-chrome/dist/media-play-button.js';
import 'media-chrome/dist/media-time-range.js';
import 'media-chrome/dist/media-time-display.js';
import 'media-chrome/dist/media-mute-button.js';
import 'media-chrome/dist/media-volume-range.js';
import 'media-chrome/dist/media-fullscreen-button.js';
import 'media-chrome/dist/media-poster-image.js';
import 'media-chrome/dist/media-loading-indicator.js';
import 'media-chrome/dist/media-preview-thumbnail.js';
import 'media-chrome/dist/media-preview-time-display.js';
