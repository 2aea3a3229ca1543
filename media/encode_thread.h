// Encoder threads: libx264 blocks in avcodec_send_frame for about a frame
// time whenever its frame threads are busy. Made from a goroutine, such a
// call holds a Go P in a cgo call for longer than 10 ms, and the runtime's
// sysmon takes the P back and then wakes every 20 µs for a while (about
// 2,000 wake-ups a second during a ladder), each one preempting an x264
// thread. These threads make the blocking calls instead, on plain pthreads;
// Go talks to them through pipes, which it waits on in its netpoller.
#ifndef REEL_ENCODE_THREAD_H
#define REEL_ENCODE_THREAD_H

#include <stdint.h>
#include <libavcodec/avcodec.h>

// Commands, Go → thread.
enum { REEL_CMD_FRAME = 1, REEL_CMD_FLUSH = 2 };

typedef struct {
	int32_t op;
	int32_t reserved;
	AVFrame *frame; // owned by the thread once written (REEL_CMD_FRAME)
} reel_cmd;

// Events, thread → Go.
enum {
	REEL_EV_TAKEN = 1,  // one frame was consumed (and freed)
	REEL_EV_PACKET = 2, // packet is now owned by Go
	REEL_EV_ERROR = 3,  // err: the encoder failed; frames are freed unencoded from now on
	REEL_EV_DONE = 4,   // err: 0 once flushed, AVERROR_EXIT when the command pipe closed first
};

typedef struct {
	int32_t kind;
	int32_t err;
	AVPacket *packet;
} reel_event;

typedef struct reel_encoder reel_encoder;

// reel_encoder_start starts a thread that reads commands from cmd_fd and
// writes events to event_fd until cmd_fd reaches end of file; it closes
// both descriptors when it ends. It answers NULL and sets *err when the
// thread cannot start (the descriptors are then the caller's).
reel_encoder *reel_encoder_start(AVCodecContext *ctx, int cmd_fd, int event_fd, int report_every, int *err);

// reel_encoder_join waits for the thread and frees e.
void reel_encoder_join(reel_encoder *e);

// reel_codec_context_is lets Go check that the pointer it took from
// go-astiav is the codec context it configured.
int reel_codec_context_is(const AVCodecContext *ctx, int width, int height, int pix_fmt);

#endif
