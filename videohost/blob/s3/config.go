package s3

import (
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/reelvideo/reel/videohost/blob"
)

// Defaults of Config; a zero field takes the default next to it.
const (
	// DefaultPartSize is the part size of multipart uploads: a Put holds
	// one part in memory at a time.
	DefaultPartSize = 16 << 20
	// MinPartSize is the smallest part S3 accepts (but for the last one).
	MinPartSize = 5 << 20
	// DefaultCopyPartSize is the largest object Copy copies with one
	// CopyObject (S3's limit); larger ones are copied in parts of this size.
	DefaultCopyPartSize = 5 << 30
	// DefaultRegion is used when neither the URL nor the AWS configuration
	// names one; S3-compatible stores usually accept any.
	DefaultRegion = "us-east-1"
)

// Config names a bucket and how to reach it. The zero value of every field
// but Bucket is its documented default.
type Config struct {
	Bucket string
	// Prefix is prepended to every key ("reel" stores "reel/videos/...");
	// "" stores at the bucket's root.
	Prefix string
	// Endpoint is the store's base URL (http://127.0.0.1:7070); "" is AWS.
	Endpoint string
	// Region defaults to the AWS configuration, else DefaultRegion.
	Region string
	// PathStyle addresses the bucket in the path (endpoint/bucket/key)
	// rather than in the host name (bucket.endpoint/key).
	PathStyle bool

	// Credentials overrides the AWS credential chain (tests; embedding
	// apps with their own secrets). Nil is the chain.
	Credentials aws.CredentialsProvider

	// Logger receives the SDK's messages (warnings; retries at debug).
	// Default slog.Default().
	Logger *slog.Logger

	// PartSize is the part size of multipart Puts. Default DefaultPartSize;
	// at least MinPartSize.
	PartSize int64
	// CopyPartSize is the largest object Copy copies at once, and the part
	// size of larger copies. Default DefaultCopyPartSize; at least
	// MinPartSize.
	CopyPartSize int64
}

func (c Config) withDefaults() Config {
	if c.PartSize <= 0 {
		c.PartSize = DefaultPartSize
	}
	c.PartSize = max(c.PartSize, MinPartSize)
	if c.CopyPartSize <= 0 {
		c.CopyPartSize = DefaultCopyPartSize
	}
	c.CopyPartSize = max(c.CopyPartSize, MinPartSize)
	c.Prefix = strings.Trim(c.Prefix, "/")
	return c
}

// String names the store for logs and errors: the URL without secrets
// (a Config never holds any but in Credentials, which it leaves out).
func (c Config) String() string {
	u := url.URL{Scheme: "s3", Host: c.Bucket}
	if c.Prefix != "" {
		u.Path = "/" + strings.Trim(c.Prefix, "/")
	}
	var q []string
	if c.Endpoint != "" {
		q = append(q, "endpoint="+queryEscape(c.Endpoint))
	}
	if c.Region != "" {
		q = append(q, "region="+queryEscape(c.Region))
	}
	if c.PathStyle {
		q = append(q, "path_style=true")
	}
	u.RawQuery = strings.Join(q, "&")
	return u.String()
}

// queryEscape escapes a query value but for ':' and '/', which a query may
// hold as they are: an endpoint stays readable.
func queryEscape(s string) string {
	return strings.NewReplacer("%3A", ":", "%2F", "/").Replace(url.QueryEscape(s))
}

// bucketName is S3's rule for bucket names (3 to 63 lowercase letters,
// digits, dots and hyphens, starting and ending with a letter or digit).
var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

// ParseURL reads s3://BUCKET[/PREFIX]?endpoint=URL&region=R&path_style=true.
// Its errors name the part that is wrong and never repeat credentials a
// URL should not have carried.
func ParseURL(raw string) (Config, error) {
	rest, ok := strings.CutPrefix(raw, "s3://")
	if !ok {
		return Config{}, fmt.Errorf("s3 URL: want s3://BUCKET[/PREFIX]?endpoint=URL&region=R&path_style=true")
	}
	if at := strings.IndexByte(rest, '@'); at >= 0 && at < strings.IndexAny(rest+"/?", "/?") {
		return Config{}, fmt.Errorf("s3 URL: credentials do not belong in the URL; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or any AWS credential source)")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return Config{}, fmt.Errorf("s3 URL: %w", unwrapURLError(err))
	}
	c := Config{Bucket: u.Host, Prefix: strings.TrimRight(strings.TrimPrefix(u.Path, "/"), "/")}
	switch {
	case c.Bucket == "":
		return Config{}, fmt.Errorf("s3 URL: the bucket is missing (s3://BUCKET[/PREFIX])")
	case !bucketName.MatchString(c.Bucket) || strings.Contains(c.Bucket, ".."):
		return Config{}, fmt.Errorf("s3 URL: bucket %q is not a valid bucket name (3 to 63 lowercase letters, digits, dots, hyphens)", c.Bucket)
	}
	if c.Prefix != "" {
		if err := blob.ValidKey(c.Prefix); err != nil {
			return Config{}, fmt.Errorf("s3 URL: prefix %q is not a clean relative path", c.Prefix)
		}
	}
	if u.Fragment != "" {
		return Config{}, fmt.Errorf("s3 URL: unexpected fragment #%s", u.Fragment)
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return Config{}, fmt.Errorf("s3 URL: query: %w", err)
	}
	for name, vals := range q {
		if len(vals) != 1 {
			return Config{}, fmt.Errorf("s3 URL: parameter %s is given %d times", name, len(vals))
		}
		v := vals[0]
		switch name {
		case "endpoint":
			e, err := url.Parse(v)
			if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" || e.User != nil {
				return Config{}, fmt.Errorf("s3 URL: endpoint %q is not an http(s) URL without credentials", redactUser(v))
			}
			c.Endpoint = strings.TrimRight(v, "/")
		case "region":
			if v == "" || strings.ContainsAny(v, " /") {
				return Config{}, fmt.Errorf("s3 URL: region %q is not a region name", v)
			}
			c.Region = v
		case "path_style":
			switch v {
			case "true", "1":
				c.PathStyle = true
			case "false", "0":
				c.PathStyle = false
			default:
				return Config{}, fmt.Errorf("s3 URL: path_style=%q: want true or false", v)
			}
		default:
			return Config{}, fmt.Errorf("s3 URL: unknown parameter %q (known: endpoint, region, path_style)", name)
		}
	}
	return c, nil
}

// unwrapURLError drops the *url.Error wrapper, which quotes the whole URL.
func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// redactUser hides the user information of a URL-like string.
func redactUser(s string) string {
	if u, err := url.Parse(s); err == nil && u.User != nil {
		u.User = url.User("REDACTED")
		return u.String()
	}
	return s
}
