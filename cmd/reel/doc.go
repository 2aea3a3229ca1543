// Command reel is the command-line tool for a Reel server.
//
// Every command prints one JSON document on stdout (the API's shapes), or
// aligned columns with --format table; progress goes to stderr, and only
// when stderr is a terminal. Exit status: 0 success, 1 an API or validation
// error (printed as "reel: <code>: <detail>", sizes in binary units such as
// 20 GiB) or a video that ended errored during a --wait or "videos wait"
// (at once, with the video's error code: "reel: not_media: ..."), 2 a usage error (a wrong flag, a mistyped command, a local file
// that does not exist, a collection name that matches none or several),
// 3 a --wait that timed out, 130 an interrupt.
//
// Usage (one line per command, every flag it takes; "reel --help" lists
// the commands, "reel <command> [subcommand] --help" one command's flags):
//
//	reel login [--api-key KEY] [--base-url URL] [--profile NAME]
//	reel logout [--profile NAME]
//	reel videos upload <file> [--title T] [--collection ID|NAME|PATH] [--wait[=playable|ready]] [--timeout D] [--chunk-size MIB] [--upload-token TOKEN]
//	reel videos create <url>|--input-url URL [--url URL] [--title T] [--description D] [--collection ID|NAME|PATH] [--playback-policy public|signed] [--original-access] [--metadata k=v ...] [--wait[=playable|ready]] [--timeout D]
//	reel videos list [--collection ID|NAME|PATH] [--state S] [--query Q] [--archived true|false] [--order created_desc|created_asc] [--limit N] [--cursor C] [--all] [--format json|table]
//	reel videos get <id>
//	reel videos update <id> [--title T] [--description D] [--collection ID|NAME|PATH] [--metadata k=v ...] [--playback-policy public|signed] [--poster-time S] [--original-access=true|false]
//	reel videos delete <id>
//	reel videos archive <id>
//	reel videos unarchive <id>
//	reel videos wait <id> [--state playable|ready] [--timeout D]
//	reel videos events <id> [--format json|table]
//	reel collections create --name NAME [--parent ID|NAME|PATH]
//	reel collections list [--parent ID|NAME|PATH|top] [--format json|table]
//	reel collections get <id>
//	reel collections delete <id> [--recursive]
//	reel live create [--title T] [--collection ID|NAME|PATH] [--playback-policy public|signed] [--latency low|standard] [--record=true|false] [--reconnect-window S] [--dvr-window S]
//	reel live list [--format json|table]
//	reel live get <id> [--format json|table]
//	reel live rm <id>
//	reel live reset-key <id>
//	reel live stats <id> [--format json|table]
//	reel subtitles add <video-id> <file.srt|file.vtt> --language LANG [--label LABEL]
//	reel subtitles list <video-id>
//	reel subtitles delete <video-id> --language LANG
//	reel tracks add <video-id> <language> <media-file> [--label LABEL] [--kind dub|description|main] [--wait]
//	reel tracks rm <video-id> <language>
//	reel poster set <video-id> <image.jpg|.png|.webp> | --time SECONDS
//	reel chapters set <video-id> <file.vtt|file.json>
//	reel chapters get <video-id> [--format table]
//	reel chapters rm <video-id>
//	reel keys create --access read_write|read_only [--name NAME]
//	reel keys list [--format table]
//	reel keys delete <id>
//	reel spaces create --name NAME [--max-bytes N] [--max-minutes N] [--max-videos N]
//	reel spaces list [--format json|table]
//	reel spaces get <id>
//	reel spaces update <id> [--name NAME] [--max-bytes N|none] [--max-minutes N|none] [--max-videos N|none]
//	reel spaces delete <id> [--recursive]
//	reel spaces keys create <space-id> --access read_write|read_only [--name NAME]
//	reel signing-keys create [--algorithm EdDSA|ES256]
//	reel signing-keys list [--format table]
//	reel signing-keys delete <id>
//	reel player get [--collection REF | --video ID] [--format table]
//	reel player set [--collection REF | --video ID] NAME=VALUE… (NAME= unsets)
//	reel codecs get [--collection REF | --video ID] [--format table]
//	reel codecs set [--collection REF | --video ID] CODEC=RULE… | --json OBJECT (CODEC= unsets)
//	reel tokens upload [--sub ID] --ttl D
//	reel tokens playback --embed ID|--sub ID --ttl D [--origins https://a,https://b]
//	reel webhooks create --url URL [--events a,b] [--description D] [--disabled]
//	reel webhooks list
//	reel webhooks get <id>
//	reel webhooks update <id> [--url URL] [--events a,b] [--description D] [--enabled=true|false]
//	reel webhooks delete <id>
//	reel webhooks test <id>
//	reel webhooks rotate-secret <id>
//	reel webhooks deliveries <id> [--format table]
//	reel webhooks retry <id> <delivery-id>
//	reel webhooks verify --secret whsec_... --header 'webhook-id: ...' ... [--tolerance D] < body
//	reel import dir <path> [--collection ID|NAME|PATH] [--state FILE] [--dry-run]
//	reel import vimeo --token T [--vimeo-base-url URL] [--collection ID|NAME|PATH] [--state FILE] [--dry-run]
//	reel import mux --token-id I --token-secret S [--mux-base-url URL] [--mux-stream-url URL] [--page-size N] [--collection ID|NAME|PATH] [--state FILE] [--dry-run]
//	reel import reel --from-base-url U --from-api-key K [--collection ID|NAME|PATH] [--state FILE] [--dry-run]
//	reel stats [<video-id>] [--from T] [--to T] [--interval hour|day] [--format table]
//	reel help [<command> [<subcommand>]]
//	reel version
//
// "reel --version" prints the version as one line of text; "reel version"
// prints it as JSON, with the commit and the Go version it was built with.
//
// A mistyped command is a usage error that names the nearest command:
// unknown command "vidoes"; did you mean "videos"?
//
// "videos create" takes the URL the server fetches as its argument or as
// --input-url, the API's name (--url is kept as another name for it). A
// server refuses private and loopback addresses (input_url_not_allowed)
// unless it was started with --allow-networks CIDR.
//
// A --collection (and the --parent of collections) is a collection id, a
// name (--collection Talks) or a path of names (--collection Talks/2026,
// matched against a collection and its parents; a leading "/" starts at
// the top level). An id that exists wins over a name; a name that fits
// several collections is a usage error that lists their ids. With only an
// upload token, --collection must be an id.
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
