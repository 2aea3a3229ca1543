package client

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/internal/wirecheck"
)

// The OpenAPI document the server serves, as reviewed: TestOpenAPIGolden in
// videohost/httpapi keeps it equal to /v1/openapi.json.
var openAPIGolden = filepath.Join("..", "videohost", "httpapi", "testdata", "openapi.json")

// clientTypes maps each schema of the document to the client type that
// reads or sends it.
var clientTypes = map[string]struct {
	v      any
	ignore []string
}{
	"Video":                 {v: Video{}},
	"Source":                {v: SourceInfo{}},
	"Rendition":             {v: Rendition{}},
	"AudioTrack":            {v: AudioTrack{}},
	"Subtitle":              {v: Subtitle{}},
	"VideoURLs":             {v: VideoURLs{}},
	"Chapter":               {v: Chapter{}},
	"Collection":            {v: Collection{}},
	"Space":                 {v: Space{}},
	"Quotas":                {v: Quotas{}},
	"Usage":                 {v: Usage{}},
	"Key":                   {v: Key{}},
	"NewSigningKey":         {v: SigningKey{}},
	"SigningKey":            {v: SigningKey{}, ignore: []string{"SigningKey.private_pem", "SigningKey.private_jwk"}}, // set only at creation (NewSigningKey)
	"WebhookEndpoint":       {v: Webhook{}},
	"WebhookDelivery":       {v: Delivery{}},
	"DeliveryAttempt":       {v: DeliveryAttempt{}},
	"VideoEvent":            {v: VideoEvent{}},
	"Stats":                 {v: Stats{}},
	"LiveStats":             {v: LiveStats{}},
	"PlayerSettingsView":    {v: PlayerSettingsView{}},
	"CodecPolicyView":       {v: CodecPolicyView{}},
	"CodecState":            {v: CodecState{}},
	"LiveStream":            {v: LiveStream{}},
	"LiveStreamInput":       {v: LiveStreamInput{}},
	"Problem":               {v: problemDocument{}},
	"FieldError":            {v: FieldError{}},
	"CreateVideoInput":      {v: CreateVideoInput{}},
	"UpdateVideoInput":      {v: UpdateVideoInput{}},
	"CollectionInput":       {v: CollectionInput{}},
	"SpaceInput":            {v: SpaceInput{}},
	"CreateKeyInput":        {v: createKeyInput{}},
	"CreateSigningKeyInput": {v: createSigningKeyInput{}},
	"CreateWebhookInput":    {v: WebhookInput{}},
	"UpdateWebhookInput":    {v: UpdateWebhookInput{}},
}

// notInClient are the schemas the client has no type for, and why.
var notInClient = map[string]string{
	"Embed":          "the public lookup of the web components (GET /v1/embeds/{embed}), without an API key",
	"ListedVideo":    "the public list of <reel-list> (GET /v1/list), with a playback token",
	"PlayerEvent":    "the player's analytics beacons (POST /v1/events)",
	"EventBatch":     "the player's analytics beacons (POST /v1/events)",
	"Metadata":       "a map: map[string]string where it is used",
	"PlayerSettings": "a map in the client (PlayerSettings map[string]any), so a setting the server adds passes through",
	"CodecRules":     "a map in the client (CodecRules map[string]*string): null unsets a codec",
}

// TestClientTypesMatchOpenAPI fails when a schema property of the OpenAPI
// document has no field with its json name in the client type that reads
// or sends it, when a client field is not in the document, and when a
// schema is added to the document without a client type (or a reason in
// notInClient). client/types.go is written by hand (see the package doc);
// this test is what keeps it equal to the document.
func TestClientTypesMatchOpenAPI(t *testing.T) {
	b, err := os.ReadFile(openAPIGolden)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := wirecheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range doc.Schemas() {
		_, mapped := clientTypes[name]
		_, skipped := notInClient[name]
		if !mapped && !skipped {
			t.Errorf("schema %s has no client type: map it in clientTypes, or say in notInClient why the client needs none", name)
		}
	}
	for name, c := range clientTypes {
		for _, m := range doc.Compare(name, c.v, wirecheck.Options{Ignore: c.ignore}) {
			t.Error(m)
		}
	}
	for name := range notInClient {
		if !contains(doc.Schemas(), name) {
			t.Errorf("notInClient lists %s, which the document no longer has", name)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
