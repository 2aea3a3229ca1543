// reel.js: one ES module that defines every <reel-*> element.
import { setScriptURL } from './api.js';
setScriptURL(import.meta.url);

export { ReelPlayer, MEDIA_EVENTS } from './player.js';
export { ReelClip } from './clip.js';
export { ReelText } from './text.js';
export { ReelAudio } from './audio.js';
export { ReelUpload } from './upload.js';
export { ReelList } from './list.js';
export { ReelFiles } from './files.js';
export { EmbedElement } from './base.js';
export { ReelError, describeError, lookupEmbed } from './api.js';
export type { EmbedInfo, Rendition, AudioTrackInfo, SubtitleTrackInfo, ChapterInfo } from './api.js';
export { Metrics } from '../metrics/src/index.js';
