// Live heartbeats: while a <reel-player> plays live, each heartbeat it
// reports (@reel/metrics) carries `live: true` and `latency`, the seconds
// its playing position is behind the wall clock (the position's
// EXT-X-PROGRAM-DATE-TIME), from which the server counts viewers now and
// the peak, and the latency p50/p95 of the session. The live chunk wraps
// the Metrics instance's track() rather than Metrics growing a hook: reel.js
// stays within its size budget and carries no live-only code.

/** The largest latency the server accepts (seconds: a day, the longest DVR window). */
export const MAX_LATENCY = 86400;

/** What is wrapped: @reel/metrics' Metrics. */
export interface Tracker {
  track(type: string, fields?: Record<string, unknown>): void;
}

/** The latency source of each wrapped tracker; set again on every call. */
const sources = new WeakMap<Tracker, () => number | null | undefined>();

/**
 * Makes m's heartbeats carry the live fields: `latency()` answers the
 * seconds behind the wall clock, null while not measured yet (the
 * heartbeat is live, without a latency), or undefined when the player is
 * not live (the heartbeat is left as it is). Calling it again replaces the
 * source; m is wrapped once.
 */
export function reportLatency(m: Tracker, latency: () => number | null | undefined) {
  const wrapped = sources.has(m);
  sources.set(m, latency);
  if (wrapped) return;
  const track = m.track.bind(m);
  m.track = (type, fields = {}) => {
    const l = type === 'heartbeat' ? sources.get(m)?.() : undefined;
    if (l === undefined) return track(type, fields);
    const live: Record<string, unknown> = { ...fields, live: true };
    // The server refuses a batch with a latency outside [0, a day]: a
    // clock set wrong must not cost the viewer's watch time.
    if (l !== null && Number.isFinite(l)) live.latency = Math.round(Math.min(MAX_LATENCY, Math.max(0, l)) * 100) / 100;
    track(type, live);
  };
}
