// Generates the media the mock server serves, with the ffmpeg CLI, in the
// URL shapes of DESIGN.md §5. Cached in test/.fixtures (git-ignored).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('./.fixtures/', import.meta.url));
export const DURATION = 12;
const VERSION = '4';

function ff(cwd, args) {
  // SVT_LOG=1: SVT-AV1 prints its banner itself, whatever ffmpeg's log level.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, SVT_LOG: '1' } });
}

function hlsArgs() {
  return ['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
    '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', '%d.m4s', 'playlist.m3u8'];
}

const vtt = (lines) => 'WEBVTT\n\n' + lines.map(([s, e, t]) => `${ts(s)} --> ${ts(e)}\n${t}\n`).join('\n');
function ts(s) {
  const h = String(Math.floor(s / 3600)).padStart(2, '0');
  const m = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const sec = (s % 60).toFixed(3).padStart(6, '0');
  return `${h}:${m}:${sec}`;
}

export const CUES = {
  en: [[0, 3, 'Hello and welcome.'], [3, 6, 'This is the second line.'], [6, 9, 'Here comes the third.'], [9, 12, 'And that is the end.']],
  fr: [[0, 3, 'Bonjour et bienvenue.'], [3, 6, 'Voici la deuxième ligne.'], [6, 9, 'Voici la troisième.'], [9, 12, 'Et voilà la fin.']],
};

export function ensureFixtures() {
  const stamp = join(FIXTURES, 'VERSION');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === VERSION) return FIXTURES;
  rmSync(FIXTURES, { recursive: true, force: true });
  const d = FIXTURES;
  mkdirSync(d, { recursive: true });
  const src = join(d, 'source.mp4');
  ff(d, ['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${DURATION}`, '-c:v', 'libx264', '-preset', 'ultrafast',
    '-pix_fmt', 'yuv420p', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-an', src]);
  for (const [name, size, br] of [['h264_sd', '640x360', '600k'], ['h264_hd', '1280x720', '1500k']]) {
    const dir = join(d, name);
    mkdirSync(dir);
    ff(dir, ['-i', src, '-c:v', 'libx264', '-preset', 'ultrafast', '-s', size, '-b:v', br, '-g', '50', '-keyint_min', '50',
      '-sc_threshold', '0', '-an', ...hlsArgs()]);
  }
  // AV1 beside H.264 (a codec policy's renditions), cut at the same keyframes.
  for (const [name, size] of [['av1_sd', '640x360'], ['av1_hd', '1280x720']]) {
    const dir = join(d, name);
    mkdirSync(dir);
    ff(dir, ['-i', src, '-c:v', 'libsvtav1', '-preset', '12', '-crf', '45', '-s', size, '-g', '50',
      '-svtav1-params', 'irefresh-type=2:scd=0', '-an', ...hlsArgs()]);
  }
  for (const [lang, freq] of [['en', 440], ['fr', 880]]) {
    const dir = join(d, 'audio', lang);
    mkdirSync(dir, { recursive: true });
    ff(dir, ['-f', 'lavfi', '-i', `sine=frequency=${freq}:duration=${DURATION}`, '-c:a', 'aac', '-b:a', '64k', '-ac', '2', ...hlsArgs()]);
  }
  // progressive renditions, audio-only, clip, poster, storyboard
  ff(d, ['-i', src, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${DURATION}`, '-c:v', 'libx264', '-preset', 'ultrafast',
    '-s', '640x360', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', 'h264_sd.mp4']);
  ff(d, ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${DURATION}`, '-c:a', 'aac', '-b:a', '64k', 'audio.m4a']);
  ff(d, ['-i', src, '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-s', '320x180', '-an', '-movflags', '+faststart', 'clip.mp4']);
  ff(d, ['-ss', '2', '-i', src, '-frames:v', '1', '-s', '640x360', 'poster.jpg']);
  ff(d, ['-i', src, '-vf', 'fps=1/2,scale=160:90,tile=6x1', '-frames:v', '1', 'storyboard.jpg']);
  const sb = [];
  for (let i = 0; i < 6; i++) sb.push([i * 2, i * 2 + 2, `storyboard.jpg#xywh=${i * 160},0,160,90`]);
  writeFileSync(join(d, 'storyboard.vtt'), vtt(sb));
  mkdirSync(join(d, 'subtitles'));
  for (const lang of ['en', 'fr']) {
    writeFileSync(join(d, 'subtitles', `${lang}.vtt`), vtt(CUES[lang]));
    writeFileSync(join(d, 'subtitles', `${lang}.m3u8`),
      `#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:${DURATION}\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:${DURATION}.0,\n${lang}.vtt\n#EXT-X-ENDLIST\n`);
  }
  writeFileSync(join(d, 'transcript.json'),
    JSON.stringify({ language: 'en', segments: CUES.en.map(([start, end, text]) => ({ start, end, text })) }));
  // master playlist as media/hls.go writes it: an AUDIO group and a SUBTITLES group
  writeFileSync(join(d, 'playlist.m3u8'), [
    '#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/en/playlist.m3u8"',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio/fr/playlist.m3u8"',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles/en.m3u8"',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles/fr.m3u8"',
    '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2",AUDIO="aac",SUBTITLES="subs"',
    'h264_sd/playlist.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=1800000,RESOLUTION=1280x720,CODECS="avc1.42c01f,mp4a.40.2",AUDIO="aac",SUBTITLES="subs"',
    'h264_hd/playlist.m3u8', '',
  ].join('\n'));
  // The same with AV1 variants after the H.264 ones, as media/hls.go lists them.
  writeFileSync(join(d, 'playlist-multi.m3u8'), [
    '#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/en/playlist.m3u8"',
    '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2",AUDIO="aac"',
    'h264_sd/playlist.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=1800000,RESOLUTION=1280x720,CODECS="avc1.42c01f,mp4a.40.2",AUDIO="aac"',
    'h264_hd/playlist.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=640x360,CODECS="av01.0.04M.08,mp4a.40.2",AUDIO="aac"',
    'av1_sd/playlist.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=1280x720,CODECS="av01.0.05M.08,mp4a.40.2",AUDIO="aac"',
    'av1_hd/playlist.m3u8', '',
  ].join('\n'));
  writeFileSync(stamp, VERSION);
  return d;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t = Date.now();
  ensureFixtures();
  console.log(`fixtures in ${FIXTURES} (${Date.now() - t} ms)`);
}
