package httpx

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ViewerAddressHeader is the header CloudFront sets to the viewer's address
// and source port ("198.51.100.10:46532", or "2001:db8::1:46532" for IPv6),
// when the origin request policy forwards it.
const ViewerAddressHeader = "CloudFront-Viewer-Address"

// ClientIP returns the client's IP address, without port, for rate limits
// and abuse records: the address in CloudFront-Viewer-Address when present
// and valid, else the host of r.RemoteAddr (the Lambda adapter puts API
// Gateway's requestContext.http.sourceIp there, which behind CloudFront is
// a CloudFront edge address). It returns "" if neither is usable.
//
// CloudFront overwrites a client-sent CloudFront-Viewer-Address, and a
// caller who invokes the execute-api URL directly, bypassing CloudFront,
// never reaches a handler: every function refuses requests without
// CloudFront's origin secret (lambdahttp.OriginGuard), so the header can
// be trusted here.
func ClientIP(r *http.Request) string {
	if ip, ok := parseViewerAddress(r.Header.Get(ViewerAddressHeader)); ok {
		return ip
	}
	if ip, ok := parseHostMaybePort(r.RemoteAddr); ok {
		return ip
	}
	return ""
}

// parseViewerAddress parses "ip:port" where an IPv6 ip is not bracketed.
func parseViewerAddress(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", false
	}
	// CloudFront always appends the port. An unbracketed IPv6 address with a
	// port can itself parse as an address ("2001:db8::1:8080"), so cut the
	// port first instead of trying the whole value as an IP.
	if strings.HasPrefix(v, "[") {
		return parseHostMaybePort(v)
	}
	i := strings.LastIndexByte(v, ':')
	if i < 0 {
		return "", false
	}
	return parseIP(v[:i])
}

// parseHostMaybePort accepts "ip", "ip:port" and "[ipv6]:port".
func parseHostMaybePort(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if ip, ok := parseIP(v); ok {
		return ip, true
	}
	host, _, err := net.SplitHostPort(v)
	if err != nil {
		return "", false
	}
	return parseIP(host)
}

func parseIP(s string) (string, bool) {
	addr, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil {
		return "", false
	}
	return addr.Unmap().WithZone("").String(), true
}
