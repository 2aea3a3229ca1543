package videohost

import (
	"fmt"
	"strings"
)

// Capabilities. The four ports (Store, Queue, Blobs, Pipeline: ports.go)
// may each implement optional interfaces, declared beside them in
// ports.go. They are resolved once, here: New asserts each port to each
// capability into a capabilities value and logs what it found, and
// nothing else in the program asserts a port to a capability (a worker's
// own pipeline is resolved by ResolvePipeline), with one exception:
// analytics.New asserts the store to analytics.Store, since that interface
// lives in videohost/analytics, which imports this package. The other
// rooms beside the Service (videohost/access, webhookadmin, playeradmin,
// trackadmin, liveadmin) are handed the stores and pipeline capabilities
// they need as resolved here (SigningKeyStore, WebhookStore,
// PlayerSettingsStore, TrackPipeline, LiveStreamStore), with need's error
// when absent.
//
// Two kinds, two rules:
//   - A feature (signing keys, webhooks, analytics, player settings, live
//     streams, a video's events, chunked encoding, tracks and posters,
//     subtitles, blob copies): an operation that needs one the ports lack fails with
//     EUnavailable naming it (need). Nothing half-happens.
//   - An optimisation or housekeeping (local, linked or presigned blobs,
//     encode progress, an exclusive bootstrap, reclaiming a dead worker's
//     leases, the secret's fingerprint, queue statistics): absent, the
//     general path runs and the result is the same, only slower or without
//     the extra.

// capabilities are the optional interfaces the service's ports implement;
// a nil field is one they lack.
type capabilities struct {
	// store (or Config.Webhooks)
	signingKeys   SigningKeyStore
	webhooks      WebhookStore
	webhookStats  WebhookStats
	players       PlayerSettingsStore
	codecs        CodecPolicyStore
	views         ViewCounts
	liveStreams   LiveStreamStore
	videoEvents   VideoEventStore
	chunks        ChunkStore
	progress      ProgressStore
	fingerprints  SecretFingerprinter
	exclusive     Exclusive
	storeStats    QueueStats
	hookReclaimer WebhookReclaimer
	// queue
	leases       LeaseQueue
	runner       JobRunner
	jobReclaimer JobReclaimer
	queueStats   QueueStats
	// blobs
	localBlobs LocalBlobs
	linkBlobs  LinkBlobs
	copyBlobs  CopyBlobs
	presign    PresignBlobs
	// pipeline
	pipeline PipelineCapabilities
	// every port that answers Ping, by the name Ready reports
	pingers []namedPinger
}

type namedPinger struct {
	name string
	Pinger
}

// PipelineCapabilities are the optional interfaces of a Pipeline; a nil
// field is one it lacks.
type PipelineCapabilities struct {
	Prepare   PreparePipeline
	Tracks    TrackPipeline
	Subtitles SubtitlePipeline
	Chapters  ChapterPipeline
	Chunks    ChunkPipeline
	Codecs    CodecPipeline
}

// ResolvePipeline finds what p can do beyond Process (p may be nil).
func ResolvePipeline(p Pipeline) PipelineCapabilities {
	var c PipelineCapabilities
	c.Prepare, _ = p.(PreparePipeline)
	c.Tracks, _ = p.(TrackPipeline)
	c.Subtitles, _ = p.(SubtitlePipeline)
	c.Chapters, _ = p.(ChapterPipeline)
	c.Chunks, _ = p.(ChunkPipeline)
	c.Codecs, _ = p.(CodecPipeline)
	return c
}

func resolveCapabilities(cfg Config) capabilities {
	var c capabilities
	store, queue, blobs := cfg.Store, cfg.Queue, cfg.Blobs
	c.signingKeys, _ = store.(SigningKeyStore)
	c.webhooks, _ = store.(WebhookStore)
	if cfg.Webhooks != nil {
		c.webhooks = cfg.Webhooks
	}
	c.webhookStats, _ = c.webhooks.(WebhookStats)
	c.hookReclaimer, _ = c.webhooks.(WebhookReclaimer)
	c.players, _ = store.(PlayerSettingsStore)
	c.codecs, _ = store.(CodecPolicyStore)
	c.views, _ = store.(ViewCounts)
	c.liveStreams, _ = store.(LiveStreamStore)
	c.videoEvents, _ = store.(VideoEventStore)
	c.chunks, _ = store.(ChunkStore)
	c.progress, _ = store.(ProgressStore)
	c.fingerprints, _ = store.(SecretFingerprinter)
	c.exclusive, _ = store.(Exclusive)
	c.storeStats, _ = store.(QueueStats)
	c.leases, _ = queue.(LeaseQueue)
	c.runner, _ = queue.(JobRunner)
	c.jobReclaimer, _ = queue.(JobReclaimer)
	c.queueStats, _ = queue.(QueueStats)
	c.localBlobs, _ = blobs.(LocalBlobs)
	c.linkBlobs, _ = blobs.(LinkBlobs)
	c.copyBlobs, _ = blobs.(CopyBlobs)
	c.presign, _ = blobs.(PresignBlobs)
	c.pipeline = ResolvePipeline(cfg.Pipeline)
	for _, p := range []struct {
		name string
		port any
	}{{"database", store}, {"queue", queue}, {"blob storage", blobs}, {"webhook store", cfg.Webhooks}} {
		if pinger, ok := p.port.(Pinger); ok {
			c.pingers = append(c.pingers, namedPinger{p.name, pinger})
		}
	}
	return c
}

// present names the capabilities found, by port, for the log at start.
func (c *capabilities) present() map[string]string {
	type found struct {
		name string
		ok   bool
	}
	list := func(fs ...found) string {
		var names []string
		for _, f := range fs {
			if f.ok {
				names = append(names, f.name)
			}
		}
		if len(names) == 0 {
			return "none"
		}
		return strings.Join(names, ",")
	}
	p := c.pipeline
	return map[string]string{
		"store": list(found{"signing_keys", c.signingKeys != nil}, found{"webhooks", c.webhooks != nil},
			found{"player_settings", c.players != nil}, found{"codec_policies", c.codecs != nil}, found{"view_counts", c.views != nil}, found{"live_streams", c.liveStreams != nil}, found{"video_events", c.videoEvents != nil}, found{"chunks", c.chunks != nil},
			found{"progress", c.progress != nil}, found{"secret_fingerprint", c.fingerprints != nil}, found{"exclusive", c.exclusive != nil}),
		"queue": list(found{"leases", c.leases != nil}, found{"runs_jobs", c.runner != nil},
			found{"reclaims", c.jobReclaimer != nil}, found{"stats", c.queueStats != nil}),
		"blobs": list(found{"local", c.localBlobs != nil}, found{"link", c.linkBlobs != nil},
			found{"copy", c.copyBlobs != nil}, found{"presign", c.presign != nil}),
		"pipeline": list(found{"prepare", p.Prepare != nil}, found{"tracks", p.Tracks != nil}, found{"subtitles", p.Subtitles != nil},
			found{"chapters", p.Chapters != nil}, found{"chunks", p.Chunks != nil}, found{"codecs", p.Codecs != nil}),
	}
}

// PingerOf is the Pinger of a port beside the service's four (the HTTP
// API's tus upload store), or nil: resolved here like theirs.
func PingerOf(port any) Pinger {
	p, _ := port.(Pinger)
	return p
}

// need returns the capability c, or when the ports lack it (c is nil) the
// one error of a missing feature: EUnavailable naming it and the port
// that would provide it.
func need[T any](c T, capability, port string) (T, error) {
	if any(c) == nil {
		return c, Unavailable(capability, port)
	}
	return c, nil
}

// Unavailable is need's error for a feature resolved outside this
// package: videohost/analytics resolves its store the same way and must
// answer alike.
func Unavailable(capability, port string) error {
	return &Error{Code: EUnavailable, Message: fmt.Sprintf("%s: not available on this server (its %s does not provide it)", capability, port)}
}
