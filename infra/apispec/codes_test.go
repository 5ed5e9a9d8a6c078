package apispec_test

import (
	"slices"
	"testing"

	"github.com/remat/remat/infra/apispec"
	"github.com/remat/remat/shared/social"
)

// TestOAuthLoginErrorsMatchCode holds the codes a failed social sign-in
// sends to the SPA's login page (?error=<code>) to the document's
// OAuthLoginError, from which the SPA's list is generated.
func TestOAuthLoginErrorsMatchCode(t *testing.T) {
	doc, err := apispec.LoadDefaultDocument()
	if err != nil {
		t.Fatal(err)
	}
	got, err := doc.Enum("OAuthLoginError")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{string(social.CodeOAuthFailed)}
	for _, c := range social.ForwardedCodes {
		want = append(want, string(c))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("docs/openapi.yaml OAuthLoginError: got %v, want %v (social.CodeOAuthFailed and social.ForwardedCodes)", got, want)
	}
}

// TestResponsesAreClosed: every object a response can carry says which
// properties it has and that there are no others, so the integration tests
// that validate responses (testcloud.ValidateResponse) and the fuzzer catch
// a field the document does not describe. A map or an open snapshot says so
// with additionalProperties: true or a schema.
func TestResponsesAreClosed(t *testing.T) {
	doc, err := apispec.LoadDefaultDocument()
	if err != nil {
		t.Fatal(err)
	}
	for _, where := range doc.OpenResponseObjects() {
		t.Errorf("%s: got an object without additionalProperties, want additionalProperties: false (or true for a deliberately open one)", where)
	}
}
