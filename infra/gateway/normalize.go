package gateway

import (
	"net/http"
	"net/url"
	"strings"
)

// normalizePath returns r with its path normalised as CloudFront normalises
// a viewer's path before it picks the cache behaviour (RFC 3986): the
// percent-encoded unreserved characters decoded (so %2e is a dot, §6.2.2.2)
// and the "." and ".." segments removed (§5.2.4). /images/../private/x is
// /private/x, which the images behaviour never sees. r itself is returned
// when nothing changes.
//
// CloudFront then sends the viewer's raw path to the origin, where S3 takes
// dots as part of the key (a key nobody stored); the S3 emulator would
// resolve them against its disk instead, so the gateway forwards the
// normalised path, and serveImages refuses what an encoded slash (%2F,
// which is reserved, so never decoded here) still turns into a dot segment.
func normalizePath(r *http.Request) *http.Request {
	escaped := r.URL.EscapedPath()
	clean := removeDotSegments(decodeUnreserved(escaped))
	if clean == escaped {
		return r
	}
	path, err := url.PathUnescape(clean)
	if err != nil {
		return r // an invalid escape stays as the client sent it; nothing routes it
	}
	r = r.Clone(r.Context())
	r.URL.Path, r.URL.RawPath = path, clean
	return r
}

// decodeUnreserved decodes the percent-encoded unreserved characters of an
// escaped path (ALPHA, DIGIT, "-", ".", "_", "~") and keeps every other
// escape as it is.
func decodeUnreserved(p string) string {
	if !strings.Contains(p, "%") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '%' && i+2 < len(p) {
			if c, ok := unhex(p[i+1], p[i+2]); ok && unreserved(c) {
				b.WriteByte(c)
				i += 2
				continue
			}
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

func unhex(hi, lo byte) (byte, bool) {
	h, ok1 := hexValue(hi)
	l, ok2 := hexValue(lo)
	return h<<4 | l, ok1 && ok2
}

func hexValue(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// removeDotSegments is RFC 3986's remove_dot_segments for an absolute
// path: "." segments go, ".." removes the segment before it (never above
// the root), and a path ending in either keeps its trailing slash.
func removeDotSegments(p string) string {
	if !strings.HasPrefix(p, "/") || !strings.Contains(p, ".") {
		return p
	}
	segs := strings.Split(p[1:], "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, s)
			continue
		}
		if last {
			out = append(out, "")
		}
	}
	return "/" + strings.Join(out, "/")
}

// hasDotSegment reports whether the decoded path p has a "." or ".."
// segment: after normalizePath, only an encoded slash can make one.
func hasDotSegment(p string) bool {
	for s := range strings.SplitSeq(p, "/") {
		if s == "." || s == ".." {
			return true
		}
	}
	return false
}
