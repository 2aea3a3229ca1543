// Command reel is the command-line tool for a Reel server.
//
// Every command prints one JSON document on stdout (the API's shapes), or
// aligned columns with --format table; progress goes to stderr, and only
// when stderr is a terminal. Exit status: 0 success, 1 an API or validation
// error (printed as "reel: <code>: <detail>"), 2 a usage error, 3 a --wait
// that timed out, 130 an interrupt.
//
// Usage:
//
//	reel login [--api-key KEY] [--base-url URL] [--profile NAME]
//	reel logout
//	reel videos upload <file> [--wait[=playable|ready]] [--collection ID] [--title T] [--timeout D] [--upload-token TOKEN]
//	reel videos create --url URL [--title T] [--collection ID] [--playback-policy public|signed] [--wait[=playable|ready]]
//	reel videos list [--collection ID] [--state S] [--limit N] [--all] [--format json|table]
//	reel videos get|delete|archive|unarchive <id>
//	reel videos update <id> [--title T] [--description D] [--collection ID] [--metadata k=v ...] [--playback-policy public|signed] [--poster-time S]
//	reel videos wait <id> [--state playable|ready] [--timeout D]
//	reel collections create --name NAME [--parent ID] | list | get <id> | delete <id> [--recursive]
//	reel subtitles add <video-id> <file.srt|file.vtt> --language LANG [--label LABEL] | list <video-id> | delete <video-id> --language LANG
//	reel keys create --access read_write|read_only [--name NAME] | list [--format table] | delete <id>
//	reel signing-keys create [--algorithm EdDSA|ES256] | list [--format table] | delete <id>
//	reel tokens upload [--sub ID] --ttl D
//	reel tokens playback --embed ID|--sub ID --ttl D [--origins https://a,https://b]
//	reel webhooks create --url URL [--events a,b] [--description D] [--disabled]
//	reel webhooks list | get <id> | delete <id> | test <id> | rotate-secret <id>
//	reel webhooks update <id> [--url URL] [--events a,b] [--description D] [--enabled=true|false]
//	reel webhooks deliveries <id> [--format table] | retry <id> <delivery-id>
//	reel webhooks verify --secret whsec_... --header 'webhook-id: ...' ... < body
//	reel import dir <path> | vimeo --token T | mux --token-id I --token-secret S | reel --from-base-url U --from-api-key K
//	reel stats [<video-id>] [--from T] [--to T] [--interval hour|day] [--format table]
//
// Flags common to every command, before or after its arguments: --profile,
// --api-key (REEL_API_KEY), --base-url (REEL_BASE_URL), --format, --quiet.
// The key from "reel login" is stored in $XDG_CONFIG_HOME/reel/config.json
// (mode 0600) with the server URL it belongs to, and is never sent to
// another server.
//
// The secret of a new API key, the private half of a new signing key and
// the secret of a new (or rotated) webhook are printed once, as JSON, and
// never shown again.
//
// An upload token (reel tokens upload) uploads without an API key:
// pass it as --upload-token (or REEL_UPLOAD_TOKEN, or even as --api-key).
// It cannot read the video back, so the upload prints the video id and
// refuses --wait unless an API key is also at hand.
//
// An interrupted upload is resumable: the upload URL is kept in
// uploads.json next to the config, keyed by the file's absolute path, size,
// modification time and the server; running the same upload again
// continues where the server stopped.
package main
