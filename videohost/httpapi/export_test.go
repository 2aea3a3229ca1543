package httpapi

import (
	"io"
	"net/http"
	"time"

	"github.com/reelvideo/reel/videohost/analytics"
)

// Internals the black-box tests and fuzz targets reach.

// ServeContent is serveContent.
func ServeContent(w http.ResponseWriter, r *http.Request, modtime time.Time, content io.ReadSeeker, size int64) {
	serveContent(w, r, modtime, content, size)
}

// FrameQuery is a parsed frame request, as the fuzz target sees it.
type FrameQuery struct {
	Embed, Format string
	Time          *float64
	Width         int
}

// ParseFrameRequest is parseFrameRequest.
func ParseFrameRequest(r *http.Request) (*FrameQuery, error) {
	q, err := parseFrameRequest(r)
	if err != nil {
		return nil, err
	}
	return &FrameQuery{Embed: q.embed, Format: q.format, Time: q.time, Width: q.width}, nil
}

// FrameWidthLimits are the widths a frame request may ask for.
const MinFrameWidth, MaxFrameWidth = minFrameWidth, maxFrameWidth

// DecodeBeacon is decodeBeacon.
func DecodeBeacon(body []byte) ([]analytics.BeaconSignal, error) {
	in, err := decodeBeacon(body)
	return in.Signals, err
}

// TusProblem is tusProblem, and TusCodes its table.
var TusProblem, TusCodes = tusProblem, tusCodes

// MaxDetail bounds problem details.
const MaxDetail = maxDetail

// AssetQuery is what parseAssetQuery reads of a query string; All reports
// whether it fell back to url.ParseQuery.
func AssetQuery(raw string) (version, grant, token string, all bool) {
	q := parseAssetQuery(raw)
	return q.version, q.grant, q.token, q.all != nil
}

// ValidAssetName is validAssetName; AssetNamePattern is the expression it
// must agree with.
var (
	ValidAssetName   = validAssetName
	AssetNamePattern = assetName
)

// The bodies the handlers read and write themselves, for the check of the
// wire types against the OpenAPI document.
type (
	SpaceView             = spaceView
	CreateKeyInput        = createKeyInput
	CreateSigningKeyInput = createSigningKeyInput
	EventsInput           = beaconBody
)
