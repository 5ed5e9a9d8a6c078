package gateway

import (
	"fmt"
	"strings"

	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/samtpl"
)

// Origin kinds a cache behaviour can target.
const (
	// OriginAPI is the HTTP API (the request goes "through CloudFront" to
	// the routes).
	OriginAPI = "api"
	// OriginImages is the images bucket (Config.ImagesOrigin).
	OriginImages = "images"
	// OriginWeb is the SPA build's bucket, served from Config.WebDir.
	OriginWeb = "web"
)

// Behavior is one of the distribution's cache behaviours: requests whose
// path matches Pattern go to Origin. The default behaviour has the
// pattern "*" and comes last.
type Behavior struct {
	Pattern string
	Origin  string
}

// BehaviorsFromTemplate reads the distribution's cache behaviours in
// CloudFront's order (CacheBehaviors as listed, then the default), each
// with the kind of its target origin: an execute-api domain is the API,
// the bucket /images/* targets is the images origin, any other bucket the
// web build.
func BehaviorsFromTemplate(t *samtpl.Template) ([]Behavior, error) {
	imagesBucket, _ := BucketForPathPattern(t, "/images/*")
	for _, res := range t.Resources {
		if res.Type != "AWS::CloudFront::Distribution" {
			continue
		}
		cfg, _ := res.Properties["DistributionConfig"].(map[string]any)
		kinds := map[string]string{}
		origins, _ := cfg["Origins"].([]any)
		for _, o := range origins {
			om, _ := o.(map[string]any)
			id, _ := om["Id"].(string)
			domain, _ := om["DomainName"].(string)
			switch {
			case strings.Contains(domain, ".execute-api."):
				kinds[id] = OriginAPI
			case imagesBucket != "" && strings.HasPrefix(domain, imagesBucket+".s3."):
				kinds[id] = OriginImages
			default:
				for _, b := range t.Buckets {
					if strings.HasPrefix(domain, b.Name+".s3.") {
						kinds[id] = OriginWeb
					}
				}
			}
		}
		var out []Behavior
		add := func(pattern string, b any) error {
			bm, _ := b.(map[string]any)
			target, _ := bm["TargetOriginId"].(string)
			kind, ok := kinds[target]
			if !ok {
				return fmt.Errorf("%s: behaviour %s targets origin %q, which is neither the HTTP API nor a bucket of the template", res.LogicalID, pattern, target)
			}
			out = append(out, Behavior{Pattern: pattern, Origin: kind})
			return nil
		}
		behaviours, _ := cfg["CacheBehaviors"].([]any)
		for _, b := range behaviours {
			pattern, _ := b.(map[string]any)["PathPattern"].(string)
			if err := add(pattern, b); err != nil {
				return nil, err
			}
		}
		if def, ok := cfg["DefaultCacheBehavior"]; ok {
			if err := add("*", def); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, nil
}

// matchPathPattern reports whether path matches a CloudFront path
// pattern: case-sensitive, "*" matches any run of characters (slashes
// included) and "?" exactly one; a pattern without a leading slash
// matches as if it had one.
func matchPathPattern(pattern, path string) bool {
	if pattern == "*" {
		return true
	}
	if !strings.HasPrefix(pattern, "/") {
		pattern = "/" + pattern
	}
	return iam.Glob(pattern, path) // the same wildcards as IAM's
}
