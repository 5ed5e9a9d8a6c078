package main

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"

	"github.com/remat/remat/infra/awsemu"
	"github.com/remat/remat/infra/samtpl"
)

// ssmReference is a CloudFormation dynamic reference to an SSM parameter,
// {{resolve:ssm:NAME}} or {{resolve:ssm:NAME:VERSION}}. The local SSM
// keeps one version of each parameter.
var ssmReference = regexp.MustCompile(`\{\{resolve:ssm:([^:}]+)(?::(\d+))?\}\}`)

// resolveSSMReferences replaces every SSM dynamic reference in v with the
// parameter's value, as CloudFormation does at deploy time; a reference to
// a parameter the local SSM does not hold is an error.
func resolveSSMReferences(v string, ssm *awsemu.SSM) (string, error) {
	var missing error
	out := ssmReference.ReplaceAllStringFunc(v, func(m string) string {
		name := ssmReference.FindStringSubmatch(m)[1]
		val, ok := ssm.Value(name)
		if !ok && missing == nil {
			missing = fmt.Errorf("%s names the SSM parameter %s, which the local cloud does not have", m, name)
		}
		return val
	})
	return out, missing
}

// originHeaders returns the custom headers the distribution adds to
// requests for pathPattern's origin (OriginCustomHeaders), with their
// dynamic references resolved.
func originHeaders(tpl *samtpl.Template, pathPattern string, ssm *awsemu.SSM) (http.Header, error) {
	out := http.Header{}
	for _, res := range tpl.Resources {
		if res.Type != "AWS::CloudFront::Distribution" {
			continue
		}
		cfg, _ := res.Properties["DistributionConfig"].(map[string]any)
		target := ""
		behaviours, _ := cfg["CacheBehaviors"].([]any)
		for _, b := range behaviours {
			if bm, _ := b.(map[string]any); bm["PathPattern"] == pathPattern {
				target, _ = bm["TargetOriginId"].(string)
			}
		}
		origins, _ := cfg["Origins"].([]any)
		for _, o := range origins {
			om, _ := o.(map[string]any)
			if target == "" || om["Id"] != target {
				continue
			}
			headers, _ := om["OriginCustomHeaders"].([]any)
			for i, h := range headers {
				hm, _ := h.(map[string]any)
				name, _ := hm["HeaderName"].(string)
				value, _ := hm["HeaderValue"].(string)
				if name == "" {
					return nil, fmt.Errorf("%s: origin %s: OriginCustomHeaders[%d] has no HeaderName", res.LogicalID, target, i)
				}
				resolved, err := resolveSSMReferences(value, ssm)
				if err != nil {
					return nil, fmt.Errorf("%s: origin %s: header %s: %w", res.LogicalID, target, name, err)
				}
				out.Set(name, resolved)
			}
		}
	}
	return out, nil
}

// apiThrottle returns the HTTP API's default route throttling (rate per
// second, burst), or zeros when the template sets none.
func apiThrottle(tpl *samtpl.Template) (float64, int) {
	for _, res := range tpl.Resources {
		if res.Type != "AWS::Serverless::HttpApi" {
			continue
		}
		s, _ := res.Properties["DefaultRouteSettings"].(map[string]any)
		return number(s["ThrottlingRateLimit"]), int(number(s["ThrottlingBurstLimit"]))
	}
	return 0, 0
}

func number(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case float64:
		return x
	case string:
		f, _ := strconv.ParseFloat(x, 64)
		return f
	}
	return 0
}
