#include "encode_thread.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

struct reel_encoder {
	AVCodecContext *ctx;
	int cmd_fd;
	int event_fd;
	pthread_t thread;
	// Events are written in batches: one write per command, not per event.
	reel_event batch[64];
	int batched;
	// Taken frames are reported in groups of report_every, which wakes Go
	// once per group instead of once per frame.
	int report_every;
	int unreported;
	int write_failed;
};

static int read_full(int fd, void *buf, size_t n) {
	char *p = buf;
	while (n > 0) {
		ssize_t r = read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static void flush_events(reel_encoder *e) {
	const char *p = (const char *)e->batch;
	size_t n = (size_t)e->batched * sizeof(reel_event);
	e->batched = 0;
	e->unreported = 0;
	while (n > 0 && !e->write_failed) {
		ssize_t w = write(e->event_fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			// Go stopped reading: nothing can be delivered any more.
			e->write_failed = 1;
			return;
		}
		p += w;
		n -= (size_t)w;
	}
}

static void emit(reel_encoder *e, int32_t kind, int32_t err, AVPacket *packet) {
	if (e->write_failed) {
		av_packet_free(&packet);
		return;
	}
	e->batch[e->batched++] = (reel_event){.kind = kind, .err = err, .packet = packet};
	if (e->batched == (int)(sizeof e->batch / sizeof e->batch[0]))
		flush_events(e);
}

// drain hands every packet the encoder has ready to Go. It answers 0 when
// the encoder wants more input, AVERROR_EOF once flushed, or an error.
static int drain(reel_encoder *e) {
	for (;;) {
		AVPacket *packet = av_packet_alloc();
		if (!packet)
			return AVERROR(ENOMEM);
		int ret = avcodec_receive_packet(e->ctx, packet);
		if (ret < 0) {
			av_packet_free(&packet);
			return ret == AVERROR(EAGAIN) ? 0 : ret;
		}
		emit(e, REEL_EV_PACKET, 0, packet);
	}
}

static void *run(void *arg) {
	reel_encoder *e = arg;
	// A write to a pipe Go has closed must fail with EPIPE, not raise
	// SIGPIPE on a thread Go does not own (which would kill the process).
	sigset_t pipe_signal;
	sigemptyset(&pipe_signal);
	sigaddset(&pipe_signal, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_signal, NULL);
	int failed = 0, flushed = 0, done_err = AVERROR_EXIT;
	reel_cmd cmd;
	while (read_full(e->cmd_fd, &cmd, sizeof cmd) == 0) {
		int ret = 0;
		if (cmd.op == REEL_CMD_FRAME) {
			if (!failed && !flushed)
				ret = avcodec_send_frame(e->ctx, cmd.frame);
			av_frame_free(&cmd.frame);
			emit(e, REEL_EV_TAKEN, 0, NULL);
			e->unreported++;
			if (ret >= 0 && !failed && !flushed)
				ret = drain(e);
		} else if (cmd.op == REEL_CMD_FLUSH && !failed && !flushed) {
			flushed = 1;
			ret = avcodec_send_frame(e->ctx, NULL);
			if (ret >= 0)
				ret = drain(e);
			if (ret == AVERROR_EOF || ret == 0) {
				ret = 0;
				done_err = 0;
			}
		}
		if (ret < 0 && !failed) {
			failed = 1;
			done_err = ret;
			emit(e, REEL_EV_ERROR, ret, NULL);
		}
		if (e->unreported >= e->report_every || failed || flushed)
			flush_events(e);
	}
	emit(e, REEL_EV_DONE, done_err, NULL);
	flush_events(e);
	close(e->cmd_fd);
	close(e->event_fd);
	return NULL;
}

reel_encoder *reel_encoder_start(AVCodecContext *ctx, int cmd_fd, int event_fd, int report_every, int *err) {
	reel_encoder *e = calloc(1, sizeof *e);
	if (!e) {
		*err = AVERROR(ENOMEM);
		return NULL;
	}
	e->ctx = ctx;
	e->cmd_fd = cmd_fd;
	e->event_fd = event_fd;
	e->report_every = report_every > 0 ? report_every : 1;
	int ret = pthread_create(&e->thread, NULL, run, e);
	if (ret != 0) {
		free(e);
		*err = AVERROR(ret);
		return NULL;
	}
	return e;
}

void reel_encoder_join(reel_encoder *e) {
	pthread_join(e->thread, NULL);
	free(e);
}

int reel_codec_context_is(const AVCodecContext *ctx, int width, int height, int pix_fmt) {
	return ctx && ctx->width == width && ctx->height == height && ctx->pix_fmt == pix_fmt;
}
