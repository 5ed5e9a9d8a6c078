package iam

import "strings"

// Glob reports whether s matches pattern, where * matches any run of
// characters (also none) and ? exactly one; everything else is literal and
// case-sensitive.
func Glob(pattern, s string) bool {
	// Iterative matching with one backtrack point: linear in practice, and
	// never exponential.
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		switch {
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[i]):
			p++
			i++
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// MatchAction reports whether a policy's action pattern covers action.
// Action names are case-insensitive ("dynamodb:getitem" is GetItem).
func MatchAction(pattern, action string) bool {
	return Glob(strings.ToLower(pattern), strings.ToLower(action))
}

// MatchARN reports whether a policy's resource pattern covers the ARN arn.
// "*" covers everything. Otherwise both are split into their six segments
// (arn:partition:service:region:account:resource) and matched segment by
// segment, so a wildcard never spans a colon between segments, while in
// the last segment (which may itself hold colons and slashes, as in
// table/x/index/GSI1 or parameter/remat/dev/key) * matches across them.
func MatchARN(pattern, arn string) bool {
	if pattern == "*" {
		return true
	}
	ps := strings.SplitN(pattern, ":", 6)
	as := strings.SplitN(arn, ":", 6)
	if len(ps) != 6 || len(as) != 6 {
		return pattern == arn
	}
	for i := range ps {
		if !Glob(ps[i], as[i]) {
			return false
		}
	}
	return true
}
