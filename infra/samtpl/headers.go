package samtpl

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

type headersPolicyProps struct {
	Config struct {
		SecurityHeaders struct {
			ContentSecurityPolicy *struct {
				ContentSecurityPolicy string `yaml:"ContentSecurityPolicy"`
			} `yaml:"ContentSecurityPolicy"`
			StrictTransportSecurity *struct {
				AccessControlMaxAgeSec any `yaml:"AccessControlMaxAgeSec"`
				IncludeSubdomains      any `yaml:"IncludeSubdomains"`
				Preload                any `yaml:"Preload"`
			} `yaml:"StrictTransportSecurity"`
			FrameOptions *struct {
				FrameOption string `yaml:"FrameOption"`
			} `yaml:"FrameOptions"`
			ReferrerPolicy *struct {
				ReferrerPolicy string `yaml:"ReferrerPolicy"`
			} `yaml:"ReferrerPolicy"`
			ContentTypeOptions *struct{} `yaml:"ContentTypeOptions"`
			XSSProtection      *struct {
				Protection any    `yaml:"Protection"`
				ModeBlock  any    `yaml:"ModeBlock"`
				ReportURI  string `yaml:"ReportUri"`
			} `yaml:"XSSProtection"`
		} `yaml:"SecurityHeadersConfig"`
		CustomHeaders struct {
			Items []struct {
				Header string `yaml:"Header"`
				Value  string `yaml:"Value"`
			} `yaml:"Items"`
		} `yaml:"CustomHeadersConfig"`
	} `yaml:"ResponseHeadersPolicyConfig"`
}

// SecurityHeaders returns the response headers of the template's only
// AWS::CloudFront::ResponseHeadersPolicy, as CloudFront would add them, so
// the local gateway sends the same headers. It fails when the template has
// no such policy or more than one (use SecurityHeadersOf then).
func (t *Template) SecurityHeaders() (http.Header, error) {
	var ids []string
	for _, r := range t.Resources {
		if r.Type == typeResponseHeaders {
			ids = append(ids, r.LogicalID)
		}
	}
	switch len(ids) {
	case 0:
		return nil, errors.New("samtpl: the template has no " + typeResponseHeaders)
	case 1:
		return t.SecurityHeadersOf(ids[0])
	default:
		return nil, fmt.Errorf("samtpl: the template has several %s (%s); name one with SecurityHeadersOf", typeResponseHeaders, strings.Join(ids, ", "))
	}
}

// SecurityHeadersOf returns the headers of the named response headers policy:
// Content-Security-Policy folded to one line with single spaces,
// Strict-Transport-Security, X-Frame-Options, Referrer-Policy,
// X-Content-Type-Options, X-XSS-Protection and every custom header.
func (t *Template) SecurityHeadersOf(logicalID string) (http.Header, error) {
	res, ok := t.Resource(logicalID)
	if !ok || res.Type != typeResponseHeaders {
		return nil, fmt.Errorf("samtpl: no %s named %s", typeResponseHeaders, logicalID)
	}
	var p headersPolicyProps
	if err := decodeValue(res.Properties, &p); err != nil {
		return nil, fmt.Errorf("samtpl: %s: %w", logicalID, err)
	}
	h := http.Header{}
	sh := p.Config.SecurityHeaders
	if c := sh.ContentSecurityPolicy; c != nil && c.ContentSecurityPolicy != "" {
		h.Set("Content-Security-Policy", strings.Join(strings.Fields(c.ContentSecurityPolicy), " "))
	}
	if s := sh.StrictTransportSecurity; s != nil {
		age, err := intValue(s.AccessControlMaxAgeSec, 0)
		if err != nil {
			return nil, fmt.Errorf("samtpl: %s: AccessControlMaxAgeSec: %w", logicalID, err)
		}
		v := "max-age=" + strconv.Itoa(age)
		if scalarString(s.IncludeSubdomains) == "true" {
			v += "; includeSubDomains"
		}
		if scalarString(s.Preload) == "true" {
			v += "; preload"
		}
		h.Set("Strict-Transport-Security", v)
	}
	if f := sh.FrameOptions; f != nil && f.FrameOption != "" {
		h.Set("X-Frame-Options", strings.ToUpper(f.FrameOption))
	}
	if r := sh.ReferrerPolicy; r != nil && r.ReferrerPolicy != "" {
		h.Set("Referrer-Policy", r.ReferrerPolicy)
	}
	if sh.ContentTypeOptions != nil {
		h.Set("X-Content-Type-Options", "nosniff")
	}
	if x := sh.XSSProtection; x != nil {
		v := "0"
		if scalarString(x.Protection) == "true" {
			v = "1"
			if scalarString(x.ModeBlock) == "true" {
				v += "; mode=block"
			} else if x.ReportURI != "" {
				v += "; report=" + x.ReportURI
			}
		}
		h.Set("X-XSS-Protection", v)
	}
	for _, it := range p.Config.CustomHeaders.Items {
		if it.Header == "" {
			return nil, fmt.Errorf("samtpl: %s: custom header without a name", logicalID)
		}
		h.Set(it.Header, it.Value)
	}
	return h, nil
}
