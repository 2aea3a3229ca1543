// Package metrics is Reel's Prometheus adapter: it turns what the HTTP
// layer, the worker's queue, the webhook dispatcher and the service report
// into Prometheus metrics on a registry of its own (never the global
// default one), served by Handler on an admin listener that is off by
// default (refserver --metrics-listen).
//
// It is wired from outside, so that no other package imports Prometheus:
// a *Metrics is an httpapi.Observer (requests, upload bytes), a
// worker.DeliveryObserver (webhook attempts), a decorator of the job
// queue (Queue: job durations) and, once Watch is called, a collector that
// reads the service at scrape time (queue depth, webhook backlog, frame
// cache).
//
// # Metrics
//
//	reel_http_request_duration_seconds{method,route,status}  histogram; route is the template ("/v1/videos/{id}"), "unmatched" when none
//	reel_upload_bytes_in_flight                               gauge: bytes received by upload requests still in progress
//	reel_upload_bytes_received_total                          counter
//	reel_queue_jobs{kind,state}                               gauge: state queued (runnable), delayed (waiting for a retry), running
//	reel_job_duration_seconds{kind,outcome}                   histogram: outcome done, retried or dead
//	reel_webhook_deliveries{endpoint,state}                   gauge: state pending or failed (retries spent)
//	reel_webhook_attempts_total{endpoint,result}              counter: result delivered, retry or failed
//	reel_frame_cache_bytes, reel_frame_cache_frames           gauges
//	reel_frame_cache_limit_bytes                              gauge
//	reel_frame_cache_lookups_total{result}                    counter: result hit or miss (hit rate: hit / (hit + miss))
//	reel_frame_cache_evictions_total                          counter
//	reel_analytics_events_total{result}                       counter: accepted, or dropped as unknown_video, too_many_videos, over_cap or busy (WatchAnalytics)
//
// and the Go runtime and process collectors (go_*, process_*).
package metrics
