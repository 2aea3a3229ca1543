// Writes custom-elements.json (Custom Elements Manifest 2.0) from the table
// below, which is kept by hand next to the sources; test/build.test.mjs
// checks it lists every element and attribute, and `node scripts/cem.mjs
// --check` that the file matches this table.
import { readFileSync, writeFileSync } from 'node:fs';

const A = (name, type, description, dflt) => ({ name, type: { text: type }, description, ...(dflt ? { default: dflt } : {}) });
const common = [
  A('embed', 'string', 'The video embed id (15 characters).'),
  A('token', 'string', 'A playback token (JWT) for signed videos.'),
  A('api', 'string', "The server's base URL; default: derived from where reel.js was served ({base_url}/cdn/reel.js), else the page's origin."),
  A('loading', "'lazy' | 'eager'", 'lazy: wait until near the viewport before any request.', "'lazy'"),
];
const elements = [
  {
    tag: 'reel-player', name: 'ReelPlayer', module: 'src/player.ts',
    description: 'Adaptive (HLS) playback of one video with media-chrome controls, storyboard previews, chapter markers, subtitle, audio track, chapters, quality and playback-rate menus, picture-in-picture and AirPlay, start/hover/end screens and cookieless metrics.',
    attributes: [...common,
      A('color', 'string', 'Accent color (sets --reel-accent).'),
      A('theme', 'string', 'URL of a JS module whose default export is CSS text or a function(player) returning CSS text.'),
      A('controls', 'string', 'Space-separated: play time seek volume subtitles fullscreen audiotracks chapters quality rate pip airplay. Absent: all but rate and pip (chapters, quality, audiotracks, subtitles and airplay hide themselves where there is nothing to choose); empty: none.'),
      A('subtitles', 'string', 'Subtitle tracks offered: all | original | off | <lang> [<lang>…].', "'all'"),
      A('active-subtitle', 'string', 'Subtitle shown at start: <lang> | original | off.'),
      A('autoplay', 'boolean', 'Start playing when loaded (browsers may require muted).'),
      A('muted', 'boolean', 'Start muted.'),
      A('loop', 'boolean', 'Loop playback.'),
      A('poster', 'string', 'Poster image URL, or a number of seconds (a frame of the video at that time), or "none".'),
      A('quality', 'string', 'Highest quality played: sd | hd | fhd | qhd | uhd (the renditions within that rung\'s box: hd is 1280×720, turned for a portrait video), or a long edge in pixels.'),
      A('start', 'number', 'Start position in seconds.'),
      A('metrics', 'string', '"off" disables analytics; a URL sends them elsewhere than {api}/v1/events.'),
      A('prefer-playback', "'native' | 'mse'", 'Which HLS playback to use where both work (default: native only where audio tracks can be switched).'),
      A('title', 'string', "Title shown over the top of the video while paused or while the controls show (default: the video's title)."),
    ],
    events: ['reel-load', 'reel-error', 'reel-processing', 'reel-live', 'audiotrackchange', 'reel-theme', 'abort', 'canplay', 'canplaythrough', 'durationchange', 'emptied', 'ended', 'error', 'loadeddata', 'loadedmetadata', 'loadstart', 'pause', 'play', 'playing', 'progress', 'ratechange', 'resize', 'seeked', 'seeking', 'stalled', 'suspend', 'timeupdate', 'volumechange', 'waiting', 'enterpictureinpicture', 'leavepictureinpicture'],
    slots: [
      ['start-screen', 'Shown before the first play; its elements are un-hidden then and hidden after.'],
      ['end-screen', 'Shown over the video when it ends: give its elements `hidden` (no flash before reel.js runs); they are shown at the end and hidden again on replay.'],
      ['hover-screen', 'Shown while the pointer is over the player.'],
    ],
    parts: ['controller', 'video', 'poster', 'control-bar', 'play-button', 'mute-button', 'volume-range', 'time', 'seek-bar', 'seek-row', 'chapters-button', 'quality-button', 'airplay-button', 'rate-button', 'subtitles-button', 'audiotracks-button', 'pip-button', 'fullscreen-button', 'message', 'start-screen', 'hover-screen', 'end-screen', 'big-play-button', 'title', 'live-button', 'live-stats', 'recording-button'],
    css: ['--reel-accent', '--reel-control-color', '--reel-control-background', '--reel-radius', '--reel-aspect-ratio', '--reel-font-family', '--reel-message-color', '--reel-message-background', '--reel-end-screen-background', '--reel-live-color'],
    methods: ['play', 'pause', 'load', 'seekToLive'],
  },
  {
    tag: 'reel-clip', name: 'ReelClip', module: 'src/clip.ts',
    description: "The video's short muted loop, used like an image: plays while visible, pauses when not, shows the poster under prefers-reduced-motion.",
    attributes: [...common, A('fit', "'cover' | 'contain'", 'How the clip fills the box.', "'cover'"), A('alt', 'string', 'Accessible label (default: the title).')],
    events: ['reel-load', 'reel-error', 'playing', 'pause'],
    slots: [], parts: ['video', 'poster'], css: ['--reel-aspect-ratio', '--reel-clip-fit', '--reel-clip-background'], methods: [],
  },
  {
    tag: 'reel-text', name: 'ReelText', module: 'src/text.ts',
    description: "The transcript of a video, linked to the <reel-player> with the same embed: highlights the current cue, seeks on click, scrolls along; the video's chapters show as headings.",
    attributes: [...common, A('language', 'string', 'Transcript language (from the subtitles when it differs from the transcript).'), A('player', 'string', 'CSS selector of the player to follow (default: reel-player[embed=…]).'), A('autoscroll', "'on' | 'off'", 'Scroll to the current cue.', "'on'")],
    events: ['reel-load', 'reel-error', 'cue-click'],
    slots: [], parts: ['list', 'cue', 'active', 'time', 'chapter', 'message'], css: ['--reel-accent', '--reel-text-height', '--reel-font-family'], methods: [],
  },
  {
    tag: 'reel-audio', name: 'ReelAudio', module: 'src/audio.ts',
    description: "The video's audio-only file with the player's controls vocabulary.",
    attributes: [...common, A('controls', 'string', 'Space-separated: play time seek volume rate.', "'play time seek volume'"), A('color', 'string', 'Accent color.'), A('autoplay', 'boolean', 'Start when loaded.'), A('loop', 'boolean', 'Loop.'), A('start', 'number', 'Start position in seconds.'), A('metrics', 'string', '"off" disables analytics.')],
    events: ['reel-load', 'reel-error', 'play', 'pause', 'ended', 'timeupdate', 'playing', 'seeked', 'loadedmetadata', 'volumechange', 'error'],
    slots: [], parts: ['controller', 'control-bar', 'message'], css: ['--reel-accent', '--reel-control-color', '--reel-control-background', '--reel-radius'], methods: ['play', 'pause'],
  },
  {
    tag: 'reel-upload', name: 'ReelUpload', module: 'src/upload.ts',
    description: 'Resumable (tus) uploads by drag and drop or file picker, with progress, pause/resume and retry; then follows the new video until it is playable.',
    attributes: [A('token', 'string', 'An upload token (JWT, aud "upload").'), A('api', 'string', "The server's base URL."), A('endpoint', 'string', 'The tus endpoint.', "'{api}/v1/uploads'"), A('accept', 'string', 'File types for the picker.', "'video/*,audio/*'"), A('video-title', 'string', 'Title of the new video (default: the file name).'), A('collection', 'string', 'Collection id for the new video.'), A('chunk-size', 'number', 'Bytes per PATCH request.', '8388608'), A('follow', "'on' | 'off'", 'Poll the new video until playable.', "'on'")],
    events: ['upload-start', 'progress', 'success', 'playable', 'error'],
    slots: [['idle', 'The drop zone content.'], ['uploading', 'Shown while uploading.'], ['paused', 'Shown while paused.'], ['processing', 'After the upload, until playable.'], ['playable', 'Once the video can be played.'], ['error', 'After a failure.']],
    parts: ['dropzone', 'file', 'progress', 'button', 'primary-button'], css: ['--reel-accent', '--reel-upload-border', '--reel-upload-background', '--reel-radius', '--reel-font-family'], methods: ['upload', 'pause', 'resume', 'retry', 'cancel'],
  },
  {
    tag: 'reel-list', name: 'ReelList', module: 'src/list.ts',
    description: 'The videos of a space or collection (GET /v1/list with a playback token), rendered with a <template> child, with a "more" button; selecting sets embed on a player.',
    attributes: [A('token', 'string', 'A playback token whose sub is a space or a collection.'), A('api', 'string', "The server's base URL."), A('collection', 'string', 'Collection id.'), A('order', 'string', 'Sort order, e.g. created_desc.'), A('limit', 'number', 'Items per page.'), A('player', 'string', 'CSS selector of the <reel-player> that plays the chosen item.'), A('poll', 'string', 'Seconds between refreshes while on screen (every 5 s while a listed video is processing); "off" never.', "'20'")],
    events: ['select', 'reel-error'],
    slots: [], parts: ['list', 'item', 'selected', 'more', 'thumb', 'poster', 'placeholder', 'state', 'title', 'duration', 'message'], css: ['--reel-accent', '--reel-list-item-width', '--reel-radius', '--reel-font-family'], methods: ['more', 'refresh'],
  },
  {
    tag: 'reel-files', name: 'ReelFiles', module: 'src/files.ts',
    description: "Download links to the files of a video: the MP4 renditions with human sizes, the audio file, each subtitle track (WebVTT) and the original upload when its owner shares it (original_access). Links carry ?download, so the server sends them as attachments named after the title, from any origin.",
    attributes: [...common,
      A('renditions', 'string', 'Space-separated rendition names to list, in order (e.g. "h264_sd h264_hd"); default: all.'),
      A('include', 'string', 'Space-separated kinds of files to list: renditions audio subtitles original.', "'renditions audio subtitles original'"),
    ],
    events: ['reel-load', 'reel-error'],
    slots: [], parts: ['list', 'link', 'size', 'message'], css: ['--reel-accent', '--reel-font-family'], methods: [],
  },
];

const manifest = {
  schemaVersion: '2.0.0',
  readme: 'README.md',
  modules: elements.map((e) => ({
    kind: 'javascript-module',
    path: e.module,
    declarations: [{
      kind: 'class', name: e.name, tagName: e.tag, customElement: true, description: e.description,
      attributes: e.attributes.map((a) => ({ ...a, fieldName: a.name.replace(/-([a-z])/g, (_, c) => c.toUpperCase()) })),
      members: [
        ...e.attributes.map((a) => ({ kind: 'field', name: a.name.replace(/-([a-z])/g, (_, c) => c.toUpperCase()), type: a.type, attribute: a.name })),
        ...e.methods.map((m) => ({ kind: 'method', name: m })),
      ],
      events: e.events.map((name) => ({ name })),
      slots: e.slots.map(([name, description]) => ({ name, description })),
      cssParts: e.parts.map((name) => ({ name })),
      cssProperties: e.css.map((name) => ({ name })),
    }],
    exports: [
      { kind: 'js', name: e.name, declaration: { name: e.name, module: e.module } },
      { kind: 'custom-element-definition', name: e.tag, declaration: { name: e.name, module: e.module } },
    ],
  })),
};
const out = JSON.stringify(manifest, null, 2) + '\n';
const file = new URL('../custom-elements.json', import.meta.url);
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== out) {
    console.error('custom-elements.json is stale: run npm run analyze');
    process.exit(1);
  }
} else writeFileSync(file, out);
