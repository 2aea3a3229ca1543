package httpapi_test

import (
	"testing"

	"github.com/reelvideo/reel/internal/wirecheck"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/codecadmin"
	"github.com/reelvideo/reel/videohost/collectionadmin"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/liveadmin"
	"github.com/reelvideo/reel/videohost/playeradmin"
	"github.com/reelvideo/reel/videohost/spaceadmin"
	"github.com/reelvideo/reel/videohost/webhookadmin"
)

// domainType is the Go type the server marshals (out) or decodes (in) for
// a schema of the OpenAPI document.
type domainType struct {
	v   any
	out bool // written by the server: its required list is checked too
	// ignore lists properties left out of the comparison, optional those
	// the document rightly does not require (see wirecheck.Options).
	ignore, optional []string
}

var domainTypes = map[string]domainType{
	"Video":              {v: videohost.Video{}, out: true, ignore: []string{"Video.audio_tracks[].rev"}},
	"Embed":              {v: access.EmbedView{}, out: true, ignore: []string{"Embed.audio_tracks[].rev"}},
	"ListedVideo":        {v: access.ListedVideo{}, out: true},
	"Source":             {v: videohost.SourceInfo{}, out: true},
	"Rendition":          {v: videohost.Rendition{}, out: true},
	"AudioTrack":         {v: videohost.AudioTrack{}, out: true, ignore: []string{"AudioTrack.rev"}},
	"Subtitle":           {v: videohost.Subtitle{}, out: true},
	"VideoURLs":          {v: videohost.VideoURLs{}, out: true},
	"Chapter":            {v: videohost.Chapter{}, out: true},
	"Collection":         {v: videohost.Collection{}, out: true},
	"Space":              {v: httpapi.SpaceView{}, out: true, optional: []string{"Space.key"}}, // only GET /v1/space has the key
	"Quotas":             {v: videohost.Quotas{}, out: true},
	"Usage":              {v: videohost.Usage{}, out: true},
	"Key":                {v: videohost.Key{}, out: true},
	"SigningKey":         {v: videohost.SigningKey{}, out: true},
	"NewSigningKey":      {v: access.NewSigningKey{}, out: true},
	"WebhookEndpoint":    {v: videohost.WebhookEndpoint{}, out: true},
	"WebhookDelivery":    {v: videohost.WebhookDelivery{}, out: true},
	"DeliveryAttempt":    {v: videohost.DeliveryAttempt{}, out: true},
	"VideoEvent":         {v: videohost.VideoEvent{}, out: true},
	"Stats":              {v: analytics.SpaceStats{}, out: true, optional: []string{"Stats.top_videos", "Stats.live"}}, // only the space's stats; a live video's
	"LiveStats":          {v: analytics.LiveStats{}, out: true},
	"PlayerSettings":     {v: videohost.PlayerSettings{}, out: true},
	"PlayerSettingsView": {v: playeradmin.PlayerSettingsView{}, out: true},
	"CodecPolicyView":    {v: codecadmin.View{}, out: true},
	"CodecState":         {v: videohost.CodecState{}, out: true},
	"LiveStream":         {v: liveadmin.LiveStreamView{}, out: true},
	"Problem":            {v: httpapi.Problem{}, out: true},
	"FieldError":         {v: videohost.FieldError{}, out: true},

	"CreateVideoInput":      {v: videohost.CreateVideoInput{}},
	"UpdateVideoInput":      {v: videohost.UpdateVideoInput{}},
	"CollectionInput":       {v: collectionadmin.CollectionInput{}},
	"SpaceInput":            {v: spaceadmin.SpaceInput{}},
	"CreateKeyInput":        {v: httpapi.CreateKeyInput{}},
	"CreateSigningKeyInput": {v: httpapi.CreateSigningKeyInput{}},
	"CreateWebhookInput":    {v: webhookadmin.CreateWebhookInput{}},
	"UpdateWebhookInput":    {v: webhookadmin.UpdateWebhookInput{}},
	"LiveStreamInput":       {v: liveadmin.LiveStreamInput{}},
	"PlayerEvent":           {v: analytics.BeaconSignal{}},
	"EventBatch":            {v: httpapi.EventsInput{}},
}

// notInDomain are the schemas no Go struct stands for, and why.
var notInDomain = map[string]string{
	"Metadata":   "a map: map[string]string where it is used",
	"CodecRules": "a map: map[string]json.RawMessage, the merge patch codecadmin reads",
}

// TestOpenAPITypesMatchDomain fails when a schema property of the OpenAPI
// document is not a json field of the Go type the server writes or reads
// for it, or a field is not in the document; for what the server writes,
// also when a property is required and the field omitempty, or the reverse.
// A new schema needs a Go type here (or a reason in notInDomain).
func TestOpenAPITypesMatchDomain(t *testing.T) {
	doc, err := wirecheck.Parse(httpapi.OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range doc.Schemas() {
		_, mapped := domainTypes[name]
		_, skipped := notInDomain[name]
		if !mapped && !skipped {
			t.Errorf("schema %s has no Go type: map it in domainTypes, or say in notInDomain why there is none", name)
		}
	}
	for name, d := range domainTypes {
		for _, m := range doc.Compare(name, d.v, wirecheck.Options{Ignore: d.ignore, Optional: d.optional, Required: d.out}) {
			t.Error(m)
		}
	}
}
