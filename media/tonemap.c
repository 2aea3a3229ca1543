#include "tonemap.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include <libavutil/buffer.h>
#include <libavutil/error.h>
#include <libavutil/macros.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/pixfmt.h>

// Tables. A 10-bit Y'CbCr sample turned into R'G'B' falls between the
// 10-bit codes, so the decoding table is 16 times finer than them (its step
// moves an 8-bit output by well under a level); it spans E' 0 … 2 (a legal
// colour stays under 1.9), so no sample needs a branch. The encoding curve,
// a 1/2.4 power, is steepest at black: its table is indexed by the square
// root of the light (over 0 … 2, mirrored below 0), which flattens it
// enough for 4,096 entries (16 KiB) to stay within a tenth of a level.
#define EOTF_N (1 << 14)
#define EOTF_MAX 2
#define OETF_N (1 << 12)
#define OETF_MAX 1.4142135f

#define MAX_STRIPES 16

struct reel_tonemap {
	int hlg;
	// Output buffers and each stripe's scratch rows are kept from frame to
	// frame: fresh 4K buffers cost a page fault per 4 KiB.
	AVBufferPool *pool;
	size_t pool_size;
	float *scratch[MAX_STRIPES];
	int scratch_width;
	float rgb2020_to_709[9];       // linear light, row-major
	float knee, ma, mb, mk;        // Möbius: x below knee, else mk·(x+ma)/(x+mb)
	float eotf[EOTF_MAX * EOTF_N + 1]; // E' (0 … 2) → display light (1.0 = 100 cd/m²)
	float oetf[OETF_N + 1];            // √light (0 … √2) → BT.709 V'
};

static void primaries_to_xyz(const double xy[4][2], double m[9]) {
	// Columns: the XYZ of each primary, scaled so that R=G=B=1 is the white.
	double p[9], inv[9], w[3], s[3];
	for (int i = 0; i < 3; i++) {
		double x = xy[i][0], y = xy[i][1];
		p[0 * 3 + i] = x / y;
		p[1 * 3 + i] = 1;
		p[2 * 3 + i] = (1 - x - y) / y;
	}
	w[0] = xy[3][0] / xy[3][1];
	w[1] = 1;
	w[2] = (1 - xy[3][0] - xy[3][1]) / xy[3][1];
	double det = p[0] * (p[4] * p[8] - p[5] * p[7]) - p[1] * (p[3] * p[8] - p[5] * p[6]) + p[2] * (p[3] * p[7] - p[4] * p[6]);
	inv[0] = (p[4] * p[8] - p[5] * p[7]) / det;
	inv[1] = (p[2] * p[7] - p[1] * p[8]) / det;
	inv[2] = (p[1] * p[5] - p[2] * p[4]) / det;
	inv[3] = (p[5] * p[6] - p[3] * p[8]) / det;
	inv[4] = (p[0] * p[8] - p[2] * p[6]) / det;
	inv[5] = (p[2] * p[3] - p[0] * p[5]) / det;
	inv[6] = (p[3] * p[7] - p[4] * p[6]) / det;
	inv[7] = (p[1] * p[6] - p[0] * p[7]) / det;
	inv[8] = (p[0] * p[4] - p[1] * p[3]) / det;
	for (int i = 0; i < 3; i++)
		s[i] = inv[i * 3 + 0] * w[0] + inv[i * 3 + 1] * w[1] + inv[i * 3 + 2] * w[2];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			m[r * 3 + c] = p[r * 3 + c] * s[c];
}

static void invert3(const double a[9], double inv[9]) {
	double det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
	inv[0] = (a[4] * a[8] - a[5] * a[7]) / det;
	inv[1] = (a[2] * a[7] - a[1] * a[8]) / det;
	inv[2] = (a[1] * a[5] - a[2] * a[4]) / det;
	inv[3] = (a[5] * a[6] - a[3] * a[8]) / det;
	inv[4] = (a[0] * a[8] - a[2] * a[6]) / det;
	inv[5] = (a[2] * a[3] - a[0] * a[5]) / det;
	inv[6] = (a[3] * a[7] - a[4] * a[6]) / det;
	inv[7] = (a[1] * a[6] - a[0] * a[7]) / det;
	inv[8] = (a[0] * a[4] - a[1] * a[3]) / det;
}

static double pq_eotf(double e) {
	// SMPTE ST 2084, in cd/m² over 100 (zscale's npl=100).
	const double m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32;
	if (e <= 0)
		return 0;
	double p = pow(e, 1 / m2), d = c2 - c3 * p;
	if (d <= 1e-9)
		return 1e6; // past the curve's pole (E' ≈ 2): as bright as it gets
	return 100 * pow(fmax(p - c1, 0) / d, 1 / m1);
}

static double hlg_inverse_oetf(double e) {
	// ARIB STD-B67 / BT.2100: E' → scene light, 0..1.
	const double a = 0.17883277, b = 1 - 4 * 0.17883277, c = 0.5 - 0.17883277 * log(4 * 0.17883277);
	if (e <= 0)
		return 0;
	if (e <= 0.5)
		return e * e / 3;
	return (exp((e - c) / a) + b) / 12;
}

// to_bt709 encodes display light as zimg does for a display-referred
// BT.709 output: BT.1886's inverse EOTF, a pure 1/2.4 power.
// to_display_light decodes E' as zimg does for zscale's t=linear, npl=100.
// HLG is scene light: zimg makes display light of it for a 1000 cd/m²
// display, with the system gamma 1.2 on each component.
static double to_display_light(int hlg, double e) {
	return hlg ? 10 * pow(hlg_inverse_oetf(e), 1.2) : pq_eotf(e);
}

static double to_bt709(double l) { return l <= 0 ? 0 : pow(l, 1 / 2.4); }

reel_tonemap *reel_tonemap_new(int hlg, double peak) {
	reel_tonemap *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->hlg = hlg;
	static const double bt709[4][2] = {{0.64, 0.33}, {0.30, 0.60}, {0.15, 0.06}, {0.3127, 0.3290}};
	static const double bt2020[4][2] = {{0.708, 0.292}, {0.170, 0.797}, {0.131, 0.046}, {0.3127, 0.3290}};
	double from[9], to[9], to_inv[9];
	primaries_to_xyz(bt2020, from);
	primaries_to_xyz(bt709, to);
	invert3(to, to_inv);
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++) {
			double s = 0;
			for (int k = 0; k < 3; k++)
				s += to_inv[r * 3 + k] * from[k * 3 + c];
			t->rgb2020_to_709[r * 3 + c] = (float)s;
		}
	// FFmpeg's tonemap filter, Möbius with its default knee 0.3.
	double j = 0.3;
	if (peak < 1)
		peak = 1;
	double a = -j * j * (peak - 1) / (j * j - 2 * j + peak);
	double b = (j * j - 2 * j * peak + peak) / fmax(peak - 1, 1e-6);
	t->knee = (float)j;
	t->ma = (float)a;
	t->mb = (float)b;
	t->mk = (float)((b * b + 2 * b * j + j * j) / (b - a));
	for (int i = 0; i <= EOTF_MAX * EOTF_N; i++) {
		double e = (double)i / EOTF_N;
		t->eotf[i] = (float)to_display_light(hlg, e);
	}
	for (int i = 0; i <= OETF_N; i++) {
		double root = (double)i / OETF_N * OETF_MAX;
		t->oetf[i] = (float)to_bt709(root * root);
	}
	return t;
}

void reel_tonemap_free(reel_tonemap *t) {
	if (!t)
		return;
	av_buffer_pool_uninit(&t->pool); // freed once the last frame using it is
	for (int i = 0; i < MAX_STRIPES; i++)
		free(t->scratch[i]);
	free(t);
}

// Branchless clamps: fminf and fmaxf are calls (they order NaNs).
static inline float clampf(float x, float lo, float hi) {
	x = x < lo ? lo : x;
	return x > hi ? hi : x;
}

double reel_signal_peak(const AVFrame *f) {
	double peak = 0;
	const AVFrameSideData *sd = av_frame_get_side_data(f, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL);
	if (sd) {
		const AVContentLightMetadata *clm = (const AVContentLightMetadata *)sd->data;
		peak = clm->MaxCLL / 100.0;
	}
	sd = av_frame_get_side_data(f, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA);
	if (peak <= 0 && sd) {
		const AVMasteringDisplayMetadata *md = (const AVMasteringDisplayMetadata *)sd->data;
		if (md->has_luminance)
			peak = av_q2d(md->max_luminance) / 100.0;
	}
	if (peak <= 0)
		peak = 10; // the tonemap filter sees linear-light frames: its default for those
	return peak;
}

// map_row maps one luma row: yin, with the row's chroma (cb, cr) at every
// pixel, into its 8-bit luma (yout, unless NULL) and each pixel's B'−Y'
// and R'−Y' (db, dr) for the chroma filter. Each step is a loop of its own
// over arrays (r, g, b: scratch rows) so that the compiler vectorizes it,
// the table lookups as gathers.
static inline __attribute__((always_inline)) void map_row(const reel_tonemap *t, int w, const uint16_t *yin, const float *cb, const float *cr,
                           float *restrict r, float *restrict g, float *restrict b, uint8_t *yout, float *restrict db,
                           float *restrict dr) {
	// Y'CbCr → R'G'B', BT.2020 non-constant luminance (Kr 0.2627, Kb 0.0593).
	for (int x = 0; x < w; x++) {
		const float y = (float)(yin[x] & 1023) * (1 / 876.0f) - 64 / 876.0f;
		r[x] = y + 1.4746f * cr[x];
		g[x] = y - 0.16455313f * cb[x] - 0.57135313f * cr[x];
		b[x] = y + 1.8814f * cb[x];
	}
	for (int x = 0; x < w; x++) {
		r[x] = t->eotf[(int)(clampf(r[x], 0, EOTF_MAX) * EOTF_N + 0.5f)];
		g[x] = t->eotf[(int)(clampf(g[x], 0, EOTF_MAX) * EOTF_N + 0.5f)];
		b[x] = t->eotf[(int)(clampf(b[x], 0, EOTF_MAX) * EOTF_N + 0.5f)];
	}
	// BT.2020 → BT.709 primaries in linear light, then the Möbius curve on
	// the brightest component, the others scaled alike (FFmpeg's tonemap).
	const float *m = t->rgb2020_to_709;
	for (int x = 0; x < w; x++) {
		const float r7 = m[0] * r[x] + m[1] * g[x] + m[2] * b[x];
		const float g7 = m[3] * r[x] + m[4] * g[x] + m[5] * b[x];
		const float b7 = m[6] * r[x] + m[7] * g[x] + m[8] * b[x];
		float sig = r7 > g7 ? r7 : g7;
		sig = sig > b7 ? sig : b7;
		sig = sig > 1e-6f ? sig : 1e-6f;
		const float curve = t->mk * (sig + t->ma) / ((sig + t->mb) * sig);
		const float s = sig > t->knee ? curve : 1;
		r[x] = r7 * s, g[x] = g7 * s, b[x] = b7 * s;
	}
	// Display light → BT.709 R'G'B' (encode, in line).
	for (int x = 0; x < w; x++) {
		const float vr = t->oetf[(int)(sqrtf(clampf(fabsf(r[x]), 0, OETF_MAX * OETF_MAX)) * (OETF_N / OETF_MAX) + 0.5f)];
		const float vg = t->oetf[(int)(sqrtf(clampf(fabsf(g[x]), 0, OETF_MAX * OETF_MAX)) * (OETF_N / OETF_MAX) + 0.5f)];
		const float vb = t->oetf[(int)(sqrtf(clampf(fabsf(b[x]), 0, OETF_MAX * OETF_MAX)) * (OETF_N / OETF_MAX) + 0.5f)];
		r[x] = r[x] < 0 ? -vr : vr;
		g[x] = g[x] < 0 ? -vg : vg;
		b[x] = b[x] < 0 ? -vb : vb;
	}
	for (int x = 0; x < w; x++) {
		const float y = 0.2126f * r[x] + 0.7152f * g[x] + 0.0722f * b[x];
		db[x] = b[x] - y;
		dr[x] = r[x] - y;
		r[x] = y;
	}
	if (yout)
		for (int x = 0; x < w; x++)
			yout[x] = (uint8_t)(int)(clampf(16 + 219 * r[x], 0, 255) + 0.5f);
}

// map_rows maps the chroma rows [row0, row1) and the luma rows they cover.
// Chroma is resampled as zimg resamples it for the float chain (bilinear,
// samples left-sited: on the even columns, between each pair of rows): up
// to one value per pixel on the way in, down by a 3×4 triangle on the way
// out. The down filter reaches one luma row past each end of the stripe,
// so those rows are mapped twice, once by each stripe, their luma written
// only once.
// On x86-64 an AVX2 copy is built beside the baseline one and picked at
// load time.
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("avx2", "default")))
#endif
static void map_rows(const reel_tonemap *t, const AVFrame *in, AVFrame *out, int row0, int row1, float *buf) {
	const int w = in->width, h = in->height, cw = w / 2;
	// Per luma row of the last four: B'−Y' and R'−Y' of each pixel.
	float *db[4], *dr[4];
	for (int i = 0; i < 4; i++)
		db[i] = buf + (2 * i) * w, dr[i] = buf + (2 * i + 1) * w;
	float *cbv = buf + 8 * w, *crv = cbv + cw;
	float *cb = buf + 9 * w, *cr = cb + w, *r = cr + w, *g = r + w, *b = g + w;

	const int first = row0 > 0 ? 2 * row0 - 1 : 0, last = 2 * row1 < h - 1 ? 2 * row1 : h - 1;
	for (int l = first; l <= last; l++) {
		// Vertical: a luma row is a quarter of the way to the chroma row
		// beside its own one.
		const int cy = l / 2, other = l % 2 ? (cy + 1 < h / 2 ? cy + 1 : cy) : (cy > 0 ? cy - 1 : 0);
		const uint16_t *u0 = (const uint16_t *)(in->data[1] + (ptrdiff_t)cy * in->linesize[1]);
		const uint16_t *v0 = (const uint16_t *)(in->data[2] + (ptrdiff_t)cy * in->linesize[2]);
		const uint16_t *u1 = (const uint16_t *)(in->data[1] + (ptrdiff_t)other * in->linesize[1]);
		const uint16_t *v1 = (const uint16_t *)(in->data[2] + (ptrdiff_t)other * in->linesize[2]);
		for (int x = 0; x < cw; x++) {
			cbv[x] = 0.75f * (float)(u0[x] & 1023) + 0.25f * (float)(u1[x] & 1023);
			crv[x] = 0.75f * (float)(v0[x] & 1023) + 0.25f * (float)(v1[x] & 1023);
		}
		// Horizontal: even columns have their own sample, odd ones lie
		// halfway to the next.
		for (int x = 0; x < cw; x++) {
			const int x1 = x + 1 < cw ? x + 1 : x;
			cb[2 * x] = (cbv[x] - 512) * (1 / 896.0f);
			cr[2 * x] = (crv[x] - 512) * (1 / 896.0f);
			cb[2 * x + 1] = (0.5f * (cbv[x] + cbv[x1]) - 512) * (1 / 896.0f);
			cr[2 * x + 1] = (0.5f * (crv[x] + crv[x1]) - 512) * (1 / 896.0f);
		}
		const uint16_t *yin = (const uint16_t *)(in->data[0] + (ptrdiff_t)l * in->linesize[0]);
		uint8_t *yout = l >= 2 * row0 && l < 2 * row1 ? out->data[0] + (ptrdiff_t)l * out->linesize[0] : NULL;
		map_row(t, w, yin, cb, cr, r, g, b, yout, db[l & 3], dr[l & 3]);
		// Chroma row k takes luma rows 2k−1 … 2k+2: it is done once the
		// last of them (or the picture's last row) is.
		int k = -1;
		if (l % 2 == 0 && l >= 2)
			k = l / 2 - 1;
		else if (l == h - 1)
			k = h / 2 - 1;
		if (k < row0 || k >= row1)
			continue;
		const float *rows_b[4], *rows_r[4];
		for (int i = 0; i < 4; i++) {
			int r = 2 * k - 1 + i;
			r = r < 0 ? 0 : r > h - 1 ? h - 1 : r;
			rows_b[i] = db[r & 3], rows_r[i] = dr[r & 3];
		}
		static const float vw[4] = {0.125f, 0.375f, 0.375f, 0.125f};
		uint8_t *ou = out->data[1] + (ptrdiff_t)k * out->linesize[1];
		uint8_t *ov = out->data[2] + (ptrdiff_t)k * out->linesize[2];
		for (int x = 0; x < cw; x++) {
			const int c = 2 * x, left = c > 0 ? c - 1 : 0, right = c + 1 < w ? c + 1 : c;
			float sb = 0, sr = 0;
			for (int i = 0; i < 4; i++) {
				sb += vw[i] * (0.25f * rows_b[i][left] + 0.5f * rows_b[i][c] + 0.25f * rows_b[i][right]);
				sr += vw[i] * (0.25f * rows_r[i][left] + 0.5f * rows_r[i][c] + 0.25f * rows_r[i][right]);
			}
			ou[x] = (uint8_t)(int)(clampf(128 + 224 / 1.8556f * sb, 0, 255) + 0.5f);
			ov[x] = (uint8_t)(int)(clampf(128 + 224 / 1.5748f * sr, 0, 255) + 0.5f);
		}
	}
}

typedef struct {
	const reel_tonemap *t;
	const AVFrame *in;
	AVFrame *out;
	int row0, row1;
	float *scratch;
} stripe;

static void *map_stripe(void *arg) {
	stripe *s = arg;
	map_rows(s->t, s->in, s->out, s->row0, s->row1, s->scratch);
	return NULL;
}

// get_buffer gives out yuv420p planes of in's size from the pool.
static int get_buffer(reel_tonemap *t, AVFrame *out, int w, int h) {
	const int ls0 = FFALIGN(w, 64), ls1 = FFALIGN(w / 2, 64);
	const size_t size = (size_t)ls0 * h + 2 * (size_t)ls1 * (h / 2) + 64;
	if (!t->pool || t->pool_size != size) {
		av_buffer_pool_uninit(&t->pool);
		if (!(t->pool = av_buffer_pool_init(size, NULL)))
			return AVERROR(ENOMEM);
		t->pool_size = size;
	}
	if (!(out->buf[0] = av_buffer_pool_get(t->pool)))
		return AVERROR(ENOMEM);
	out->format = AV_PIX_FMT_YUV420P;
	out->width = w;
	out->height = h;
	out->data[0] = out->buf[0]->data;
	out->data[1] = out->data[0] + (size_t)ls0 * h;
	out->data[2] = out->data[1] + (size_t)ls1 * (h / 2);
	out->linesize[0] = ls0;
	out->linesize[1] = out->linesize[2] = ls1;
	out->extended_data = out->data;
	return 0;
}

int reel_tonemap_frame(reel_tonemap *t, const AVFrame *in, AVFrame *out, int threads) {
	if (in->format != AV_PIX_FMT_YUV420P10LE || in->width % 2 || in->height % 2 || out->data[0])
		return AVERROR(EINVAL);
	int ret = get_buffer(t, out, in->width, in->height);
	if (ret < 0)
		return ret;
	if ((ret = av_frame_copy_props(out, in)) < 0)
		return ret;
	out->color_primaries = AVCOL_PRI_BT709;
	out->color_trc = AVCOL_TRC_BT709;
	out->colorspace = AVCOL_SPC_BT709;
	out->color_range = AVCOL_RANGE_MPEG;
	// What described the HDR signal does not describe the SDR one.
	av_frame_remove_side_data(out, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL);
	av_frame_remove_side_data(out, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA);
	const int rows = in->height / 2;
	if (threads < 1)
		threads = 1;
	if (threads > MAX_STRIPES)
		threads = MAX_STRIPES;
	if (threads > rows)
		threads = rows;
	if (t->scratch_width != in->width) {
		for (int i = 0; i < MAX_STRIPES; i++)
			free(t->scratch[i]), t->scratch[i] = NULL;
		t->scratch_width = in->width;
	}
	for (int i = 0; i < threads; i++)
		if (!t->scratch[i] && !(t->scratch[i] = malloc(sizeof(float) * (size_t)(14 * in->width))))
			return AVERROR(ENOMEM);
	// The other stripes go to threads created here, so that they inherit the
	// caller's scheduling (a ladder pass runs 10 nice levels down).
	stripe s[MAX_STRIPES];
	pthread_t tid[MAX_STRIPES];
	int started[MAX_STRIPES] = {0};
	for (int i = 0; i < threads; i++) {
		s[i] = (stripe){t, in, out, rows * i / threads, rows * (i + 1) / threads, t->scratch[i]};
		if (i > 0)
			started[i] = pthread_create(&tid[i], NULL, map_stripe, &s[i]) == 0;
	}
	map_stripe(&s[0]);
	for (int i = 1; i < threads; i++) {
		if (started[i])
			pthread_join(tid[i], NULL);
		else
			map_stripe(&s[i]); // no thread: do it here
	}
	return 0;
}
