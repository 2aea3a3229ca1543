// The lazily loaded hls.js chunk (dist/hls.js): fetched by <reel-player>
// only where the browser cannot play HLS natively. It carries the codec
// choice too, which only the hls.js path needs (native HLS chooses itself).
import Hls from 'hls.js';
import { capLevel, chooseCodec, CodecChoice, CodecSupport, qualityCap, withinCap } from '../util.js';
export default Hls;
export { Hls };

/** What this browser says of decoding a codec at a size, through MSE. */
async function browserCodecSupport(probe: string, r: { width: number; height: number; bitrate: number }): Promise<CodecSupport> {
  const contentType = `video/mp4; codecs="${probe}"`;
  const mc = (navigator as Navigator & { mediaCapabilities?: MediaCapabilities }).mediaCapabilities;
  if (mc?.decodingInfo) {
    const d = await mc.decodingInfo({ type: 'media-source', video: { contentType, width: r.width, height: r.height, bitrate: r.bitrate, framerate: 30 } });
    return { supported: d.supported, smooth: d.smooth, powerEfficient: d.powerEfficient };
  }
  const ok = typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(contentType);
  return { supported: ok, smooth: ok, powerEfficient: false };
}

/** chooseCodec with this browser's answers (MediaCapabilities). */
export function pickCodec(
  renditions: { name: string; width: number; height: number; bitrate?: number }[],
  preference: string | null | undefined,
): Promise<CodecChoice | null> {
  return chooseCodec(renditions, preference, browserCodecSupport);
}

/**
 * The quality menu's levels and hls.js's cap for `quality`: the levels of
 * the codec played (fourcc, "av01"; hls.js switches between those only),
 * the largest within the quality as the cap (-1: none), and the ones within
 * it offered (with the cap, always).
 */
export function menuLevels(
  levels: { width: number; height: number; bitrate: number; videoCodec?: string }[],
  fourcc: string | null,
  quality: string | null,
): { cap: number; offered: { id: string; width: number; height: number; bitrate: number }[] } {
  const within = qualityCap(quality);
  const four = (c?: string) => (c || '').slice(0, 4).replace('hev1', 'hvc1');
  const played = levels
    .map((l, i) => ({ id: String(i), width: l.width, height: l.height, bitrate: l.bitrate, codec: four(l.videoCodec) }))
    .filter((l) => !fourcc || !l.codec || l.codec === fourcc);
  const capped = capLevel(played, within);
  const cap = capped < 0 ? -1 : +played[capped].id;
  const offered = played.filter((l) => +l.id === cap || withinCap(l, within)).map(({ id, width, height, bitrate }) => ({ id, width, height, bitrate }));
  return { cap, offered };
}
