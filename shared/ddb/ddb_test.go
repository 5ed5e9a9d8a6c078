package ddb

import (
	"encoding/base64"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
)

var testKey = []byte("0123456789abcdef0123456789abcdef")

func sampleLEK() map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		AttrPK:     &types.AttributeValueMemberS{Value: "CONTACTUS#01J"},
		AttrSK:     &types.AttributeValueMemberS{Value: "MESSAGE"},
		AttrGSI2PK: &types.AttributeValueMemberS{Value: "IX#all"},
		AttrGSI2SK: &types.AttributeValueMemberN{Value: "12345"},
	}
}

func TestCursorRoundTrip(t *testing.T) {
	c, err := NewCursors(testKey)
	if err != nil {
		t.Fatal(err)
	}
	fh := FiltersHash("list", "a")
	cur, err := c.Encode(sampleLEK(), fh)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(cur, "+/=") {
		t.Errorf("cursor %q: got non-URL-safe characters, want base64url", cur)
	}
	got, err := c.Decode(cur, fh)
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	if !reflect.DeepEqual(got, sampleLEK()) {
		t.Errorf("got %v, want %v", got, sampleLEK())
	}
}

func TestCursorEmpty(t *testing.T) {
	c, _ := NewCursors(testKey)
	if cur, err := c.Encode(nil, "x"); cur != "" || err != nil {
		t.Errorf("Encode(nil): got %q, %v, want \"\", nil", cur, err)
	}
	if lek, err := c.Decode("", "x"); lek != nil || err != nil {
		t.Errorf("Decode(\"\"): got %v, %v, want nil, nil", lek, err)
	}
}

func TestCursorRejects(t *testing.T) {
	c, _ := NewCursors(testKey)
	other, _ := NewCursors([]byte("ffffffffffffffffffffffffffffffff"))
	fh := FiltersHash("list")
	good, _ := c.Encode(sampleLEK(), fh)
	payload, sig, _ := strings.Cut(good, ".")
	raw, _ := base64.RawURLEncoding.DecodeString(payload)
	forged := base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(raw), "CONTACTUS#01J", "USER#admin", 1)))
	fromOther, _ := other.Encode(sampleLEK(), fh)
	signRaw := func(json string) string {
		p := []byte(json)
		return base64.RawURLEncoding.EncodeToString(p) + "." + base64.RawURLEncoding.EncodeToString(c.sign(p))
	}

	tests := map[string]string{
		"no signature":          payload,
		"garbage":               "!!!.???",
		"forged payload":        forged + "." + sig,
		"flipped signature":     payload + "." + flip(sig),
		"signed by another key": fromOther,
		"too long":              strings.Repeat("a", 5000) + "." + sig,
		"unknown version":       signRaw(`{"v":2,"lek":{"PK":{"S":"x"}},"filtersHash":"` + fh + `"}`),
		"unknown field":         signRaw(`{"v":1,"lek":{"PK":{"S":"x"}},"filtersHash":"` + fh + `","x":1}`),
		"empty start key":       signRaw(`{"v":1,"lek":{},"filtersHash":"` + fh + `"}`),
		"two types in a key":    signRaw(`{"v":1,"lek":{"PK":{"S":"x","N":"1"}},"filtersHash":"` + fh + `"}`),
		"not json":              signRaw(`nope`),
	}
	for name, cur := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := c.Decode(cur, fh)
			if got := apperr.From(err).Code; got != apperr.CodeInvalidCursor {
				t.Errorf("got %v (%v), want %v", got, err, apperr.CodeInvalidCursor)
			}
		})
	}
	t.Run("other filters", func(t *testing.T) {
		_, err := c.Decode(good, FiltersHash("list", "other"))
		if got := apperr.From(err).Code; got != apperr.CodeInvalidCursor {
			t.Errorf("got %v, want %v", got, apperr.CodeInvalidCursor)
		}
	})
}

func flip(s string) string {
	b := []byte(s)
	if b[0] == 'A' {
		b[0] = 'B'
	} else {
		b[0] = 'A'
	}
	return string(b)
}

func TestCursorEncodeRejectsNonKeyTypes(t *testing.T) {
	c, _ := NewCursors(testKey)
	_, err := c.Encode(map[string]types.AttributeValue{"PK": &types.AttributeValueMemberBOOL{Value: true}}, "x")
	if err == nil {
		t.Errorf("got nil, want an error")
	}
}

func TestNewCursorsShortKey(t *testing.T) {
	if _, err := NewCursors([]byte("short")); err == nil {
		t.Errorf("got nil, want an error")
	}
}

func TestFiltersHashIsUnambiguous(t *testing.T) {
	if FiltersHash("ab", "c") == FiltersHash("a", "bc") {
		t.Errorf("got equal hashes, want different")
	}
	if a, b := FiltersHash("a", "b"), FiltersHash("a", "b"); a != b {
		t.Errorf("got different hashes, want equal")
	}
}

func TestConditionDetection(t *testing.T) {
	ccf := fmt.Errorf("store: put: %w", &types.ConditionalCheckFailedException{Message: aws.String("failed")})
	tce := fmt.Errorf("store: tx: %w", &types.TransactionCanceledException{CancellationReasons: []types.CancellationReason{
		{Code: aws.String("None")}, {Code: aws.String("ConditionalCheckFailed")},
	}})
	tceOther := &types.TransactionCanceledException{CancellationReasons: []types.CancellationReason{{Code: aws.String("ThrottlingError")}}}
	tests := []struct {
		name          string
		err           error
		cond, txCond  bool
		reasons       []string
		isTransaction bool
	}{
		{"conditional check failed", ccf, true, false, nil, false},
		{"transaction condition", tce, false, true, []string{"None", "ConditionalCheckFailed"}, true},
		{"transaction throttled", tceOther, false, false, []string{"ThrottlingError"}, true},
		{"other error", errors.New("x"), false, false, nil, false},
		{"nil", nil, false, false, nil, false},
	}
	for _, tt := range tests {
		if got := IsConditionFailed(tt.err); got != tt.cond {
			t.Errorf("%s: IsConditionFailed: got %v, want %v", tt.name, got, tt.cond)
		}
		if got := IsTransactionConditionFailed(tt.err); got != tt.txCond {
			t.Errorf("%s: IsTransactionConditionFailed: got %v, want %v", tt.name, got, tt.txCond)
		}
		reasons, ok := CancellationReasons(tt.err)
		if ok != tt.isTransaction || !reflect.DeepEqual(reasons, tt.reasons) {
			t.Errorf("%s: CancellationReasons: got %v, %v, want %v, %v", tt.name, reasons, ok, tt.reasons, tt.isTransaction)
		}
	}
}

func TestKey(t *testing.T) {
	want := map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "A#1"},
		"SK": &types.AttributeValueMemberS{Value: "B"},
	}
	if got := Key("A#1", "B"); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
