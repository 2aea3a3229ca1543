// The HDR → SDR tone map of the ladder, in one pass over 4:2:0 10-bit
// Y'CbCr. It computes what the float zscale chain computes (to linear
// light, BT.2020 → BT.709 primaries, the Möbius curve on the brightest
// component, BT.709 transfer and matrix, 8-bit limited range), but from
// tables instead of a power function per sample and per stage, straight
// from and to Y'CbCr (no planar float RGB frames in between), on several
// threads. FFmpeg 5.1's zscale has no threads, so at 4K the chain was the
// single-threaded critical path of a ladder and half of its processor time.
#ifndef REEL_TONEMAP_H
#define REEL_TONEMAP_H

#include <libavutil/frame.h>

typedef struct reel_tonemap reel_tonemap;

// reel_tonemap_new builds the tables for one source: hlg selects ARIB
// STD-B67 (else SMPTE ST 2084), peak is the signal peak the curve maps to
// SDR white, in units of 100 cd/m². NULL when out of memory.
reel_tonemap *reel_tonemap_new(int hlg, double peak);
void reel_tonemap_free(reel_tonemap *t);

// reel_signal_peak is the peak FFmpeg's tonemap filter maps to SDR white
// for a frame (ff_determine_signal_peak): the content light level's MaxCLL,
// else the mastering display's peak, else 1000 cd/m²; in units of 100 cd/m².
double reel_signal_peak(const AVFrame *f);

// reel_tonemap_frame maps in (yuv420p10le, limited range, even size) into
// out, an empty frame it gives yuv420p buffers of the same size, in's
// properties and BT.709 tags; on up to threads threads, the calling one
// included. 0, or a negative AVERROR.
int reel_tonemap_frame(reel_tonemap *t, const AVFrame *in, AVFrame *out, int threads);

#endif
