package apperr_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/remat/remat/infra/apispec"
	"github.com/remat/remat/shared/apperr"
)

// The contract: docs/openapi.yaml lists the error codes (schema ErrorCode,
// each with its status in x-status) and the field codes (FieldErrorCode);
// the SPA's lists are generated from there. These tests hold the document
// to the table in codes.go.

func loadDocument(t *testing.T) *apispec.Document {
	t.Helper()
	doc, err := apispec.LoadDefaultDocument()
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestErrorCodesMatchContract(t *testing.T) {
	doc := loadDocument(t)
	enum, err := doc.Enum("ErrorCode")
	if err != nil {
		t.Fatal(err)
	}
	statuses, err := doc.Statuses("ErrorCode")
	if err != nil {
		t.Fatal(err)
	}
	inTable := make(map[string]bool)
	for _, c := range apperr.Codes() {
		inTable[string(c)] = true
	}
	inEnum := make(map[string]bool)
	for _, c := range enum {
		if inEnum[c] {
			t.Errorf("ErrorCode lists %s twice", c)
		}
		inEnum[c] = true
		if !inTable[c] {
			t.Errorf("ErrorCode lists %s: got no row in the apperr table, want one (or drop it from docs/openapi.yaml)", c)
		}
	}
	for _, c := range slices.Sorted(maps.Keys(inTable)) {
		if !inEnum[c] {
			t.Errorf("apperr code %s: got none in docs/openapi.yaml ErrorCode, want it listed with x-status %d", c, apperr.StatusOf(apperr.Code(c)))
		}
	}
	for _, c := range slices.Sorted(maps.Keys(statuses)) {
		if !inEnum[c] {
			t.Errorf("ErrorCode x-status names %s, which its enum does not list", c)
		}
	}
	for _, c := range enum {
		got, ok := statuses[c]
		want := apperr.StatusOf(apperr.Code(c))
		switch {
		case !ok:
			t.Errorf("ErrorCode %s: got no x-status, want %d", c, want)
		case got != want:
			t.Errorf("ErrorCode %s: got x-status %d in docs/openapi.yaml, want %d (the apperr table's)", c, got, want)
		}
	}
}

func TestFieldCodesMatchContract(t *testing.T) {
	enum, err := loadDocument(t).Enum("FieldErrorCode")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sorted(enum), sorted(apperr.FieldCodes()); !slices.Equal(got, want) {
		t.Errorf("docs/openapi.yaml FieldErrorCode: got %v, want %v (apperr.FieldCodes)", got, want)
	}
}

// TestFieldCodesListsEveryConstant keeps FieldCodes complete: every Field*
// constant of codes.go is in it.
func TestFieldCodesListsEveryConstant(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "codes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var consts []string
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, name := range spec.Names {
			if !strings.HasPrefix(name.Name, "Field") || i >= len(spec.Values) {
				continue
			}
			if lit, ok := spec.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				v, _ := strconv.Unquote(lit.Value)
				consts = append(consts, v)
			}
		}
		return true
	})
	if got, want := sorted(apperr.FieldCodes()), sorted(consts); !slices.Equal(got, want) {
		t.Errorf("FieldCodes: got %v, want every Field* constant %v", got, want)
	}
}

// alsoSentAs are the statuses a code is sent with besides its table's, by a
// constructor that overrides it.
var alsoSentAs = map[apperr.Code]int{
	apperr.CodeInvalidToken: apperr.InvalidLinkToken(nil).Status(),
}

// "409 user_exists", "product_already_active (409)" or "plan_retired (409, no longer
// offered)" in a description.
var (
	statusThenCode = regexp.MustCompile(`\b([1-5][0-9]{2}) ([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`)
	codeThenStatus = regexp.MustCompile(`\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+) \(([1-5][0-9]{2})\b`)
)

// TestDocumentedCodesAreKnown reads every code the document names with a
// status in its descriptions ("409 user_exists", "product_expired (409)", "plan_retired (409, ...)"):
// the code must be in the apperr table with that status, and the
// operation it describes must declare a response with that status.
func TestDocumentedCodesAreKnown(t *testing.T) {
	type mention struct{ status, code string }
	seen := 0
	for _, text := range loadDocument(t).Texts() {
		var mentions []mention
		for _, m := range statusThenCode.FindAllStringSubmatch(text.Text, -1) {
			mentions = append(mentions, mention{m[1], m[2]})
		}
		for _, m := range codeThenStatus.FindAllStringSubmatch(text.Text, -1) {
			mentions = append(mentions, mention{m[2], m[1]})
		}
		for _, m := range mentions {
			seen++
			code := apperr.Code(m.code)
			status, _ := strconv.Atoi(m.status)
			if !slices.Contains(apperr.Codes(), code) {
				t.Errorf("%s: names %s %s: got an unknown code, want one of the apperr table", text.Where, m.status, m.code)
				continue
			}
			if want := apperr.StatusOf(code); status != want && alsoSentAs[code] != status {
				t.Errorf("%s: names %s %s: got status %d, want %d (%s)", text.Where, m.status, m.code, status, want, http.StatusText(want))
			}
			if text.Op != "" && !slices.Contains(text.Statuses, m.status) && !slices.Contains(text.Statuses, "default") {
				t.Errorf("%s: names %s %s: got no %s response in %s, want one", text.Where, m.status, m.code, m.status, text.Op)
			}
		}
	}
	if seen == 0 {
		t.Error("got no code named with a status in docs/openapi.yaml, want the descriptions to name them")
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}
