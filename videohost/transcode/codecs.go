package transcode

import (
	"context"

	"github.com/reelvideo/reel/internal/codecpolicy"
	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
)

var _ videohost.CodecPipeline = (*Pipeline)(nil)

// opAddCodecs is the child operation of AddCodecs.
const opAddCodecs = "add_codecs"

// parsePolicy parses a codec policy as ProcessInput.Codecs and AddCodecs
// carry it. The domain checks policies when they are set, so a bad one
// here is a caller's bug; it answers a validation error on the field
// "codecs" that unwraps to the *codecpolicy.Error.
func parsePolicy(rules map[string]string) (codecpolicy.Policy, error) {
	if len(rules) == 0 {
		return nil, nil
	}
	p, err := codecpolicy.Parse(rules)
	if err != nil {
		ve := videohost.Invalid("codecs", "%v", err)
		ve.Err = err
		return nil, ve
	}
	return p, nil
}

// ladderFor is the configured ladder under a codec policy.
func (p *Pipeline) ladderFor(rules map[string]string) (media.LadderOptions, error) {
	ladder := p.cfg.Ladder
	policy, err := parsePolicy(rules)
	if err != nil {
		return ladder, err
	}
	if policy != nil {
		ladder.Codecs = policy
	}
	return ladder, nil
}

// AddCodecs encodes into dir, a complete asset folder, the renditions the
// policy names that dir lacks (media.AddCodecs), in a child process with
// Config.Command.
func (p *Pipeline) AddCodecs(ctx context.Context, dir, source string, policy map[string]string) ([]string, error) {
	parsed, err := parsePolicy(policy)
	if err != nil {
		return nil, err
	}
	if len(p.cfg.Command) > 0 {
		var added addedEvent
		_, err := p.runChild(ctx, mediaRequest{Op: opAddCodecs, OutDir: dir, Source: source, Codecs: policy, Ladder: p.cfg.Ladder},
			childHooks{added: &added})
		return added.Codecs, err
	}
	added, err := media.AddCodecs(ctx, media.AddCodecsOptions{Dir: dir, Source: source, Policy: parsed, Ladder: p.cfg.Ladder, Logger: p.log})
	return added, mediaError(err)
}
