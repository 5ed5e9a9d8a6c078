package ddb

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
)

// MinCursorKeyBytes is the shortest accepted cursor signing key (HMAC-SHA256
// gains nothing from more than 32 bytes, and is weakened by fewer).
const MinCursorKeyBytes = 32

// maxCursorLen bounds the work spent on a cursor from the query string.
const maxCursorLen = 4096

const cursorVersion = 1

// Cursors encodes DynamoDB LastEvaluatedKeys as opaque, signed pagination
// cursors and decodes them back:
//
//	base64url(JSON{"v":1,"lek":{...},"filtersHash":"..."}) "." base64url(HMAC-SHA256(key, payload))
//
// The signature stops clients from forging start keys (which name internal
// keys and could enumerate other partitions); filtersHash binds a cursor to
// the list and filters it was made for, so it cannot be replayed against
// another query. A Cursors is safe for concurrent use.
type Cursors struct {
	key []byte
}

// NewCursors returns a Cursors signing with key (the SSM cursor-key secret).
func NewCursors(key []byte) (*Cursors, error) {
	if len(key) < MinCursorKeyBytes {
		return nil, fmt.Errorf("ddb: cursor key has %d bytes, need at least %d", len(key), MinCursorKeyBytes)
	}
	return &Cursors{key: bytes.Clone(key)}, nil
}

// FiltersHash identifies a list query: pass the list's name and every
// filter value that shapes it, in a fixed order. Parts are length-prefixed
// so ("ab","c") and ("a","bc") differ.
func FiltersHash(parts ...string) string {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write([]byte(p))
	}
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16])
}

// keyValue is the JSON form of one key attribute. Table and index keys are
// strings or numbers only.
type keyValue struct {
	S *string `json:"S,omitempty"`
	N *string `json:"N,omitempty"`
}

type cursorPayload struct {
	V           int                 `json:"v"`
	LEK         map[string]keyValue `json:"lek"`
	FiltersHash string              `json:"filtersHash"`
}

// Encode returns the cursor for lek under filtersHash, or "" when lek is
// empty (the last page).
func (c *Cursors) Encode(lek map[string]types.AttributeValue, filtersHash string) (string, error) {
	if len(lek) == 0 {
		return "", nil
	}
	p := cursorPayload{V: cursorVersion, LEK: make(map[string]keyValue, len(lek)), FiltersHash: filtersHash}
	for name, av := range lek {
		switch v := av.(type) {
		case *types.AttributeValueMemberS:
			p.LEK[name] = keyValue{S: &v.Value}
		case *types.AttributeValueMemberN:
			p.LEK[name] = keyValue{N: &v.Value}
		default:
			return "", fmt.Errorf("ddb: encode cursor: key attribute %s has unsupported type %T", name, av)
		}
	}
	payload, err := json.Marshal(p)
	if err != nil {
		return "", fmt.Errorf("ddb: encode cursor: %w", err)
	}
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(c.sign(payload)), nil
}

// Decode verifies cursor and returns its start key. An empty cursor means
// the first page and yields (nil, nil). Anything else that is not a cursor
// this key signed for filtersHash - malformed, tampered, from another list
// or filter set, or an unknown version - is an invalid_cursor error.
func (c *Cursors) Decode(cursor, filtersHash string) (map[string]types.AttributeValue, error) {
	if cursor == "" {
		return nil, nil
	}
	lek, err := c.decode(cursor, filtersHash)
	if err != nil {
		return nil, apperr.New(apperr.CodeInvalidCursor, fmt.Errorf("ddb: decode cursor: %w", err))
	}
	return lek, nil
}

func (c *Cursors) decode(cursor, filtersHash string) (map[string]types.AttributeValue, error) {
	if len(cursor) > maxCursorLen {
		return nil, fmt.Errorf("cursor longer than %d bytes", maxCursorLen)
	}
	payloadPart, sigPart, ok := strings.Cut(cursor, ".")
	if !ok {
		return nil, errors.New("no signature")
	}
	enc := base64.RawURLEncoding
	payload, err := enc.DecodeString(payloadPart)
	if err != nil {
		return nil, fmt.Errorf("payload encoding: %w", err)
	}
	sig, err := enc.DecodeString(sigPart)
	if err != nil {
		return nil, fmt.Errorf("signature encoding: %w", err)
	}
	if !hmac.Equal(sig, c.sign(payload)) {
		return nil, errors.New("bad signature")
	}
	var p cursorPayload
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("payload: %w", err)
	}
	if p.V != cursorVersion {
		return nil, fmt.Errorf("version %d", p.V)
	}
	if !hmac.Equal([]byte(p.FiltersHash), []byte(filtersHash)) {
		return nil, errors.New("cursor made for another query")
	}
	if len(p.LEK) == 0 {
		return nil, errors.New("empty start key")
	}
	lek := make(map[string]types.AttributeValue, len(p.LEK))
	for name, kv := range p.LEK {
		switch {
		case kv.S != nil && kv.N == nil:
			lek[name] = &types.AttributeValueMemberS{Value: *kv.S}
		case kv.N != nil && kv.S == nil:
			lek[name] = &types.AttributeValueMemberN{Value: *kv.N}
		default:
			return nil, fmt.Errorf("key attribute %s: want exactly one of S, N", name)
		}
	}
	return lek, nil
}

func (c *Cursors) sign(payload []byte) []byte {
	m := hmac.New(sha256.New, c.key)
	m.Write(payload)
	return m.Sum(nil)
}

// linkMACBytes is the length of a link token's signature.
const linkMACBytes = 16

// SignLink returns a token that carries value and proves it was issued
// for purpose with this key: links in e-mails that act without a session
// (the saved-search unsubscribe link). The signature covers a "link"
// label and the purpose, so it can never pass as a cursor's or another
// purpose's. Values are not secret: the token shows them in base64url.
func (c *Cursors) SignLink(purpose, value string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(value)) + "." + base64.RawURLEncoding.EncodeToString(c.linkMAC(purpose, value))
}

// VerifyLink returns the value of a SignLink token for purpose; ok is
// false for anything else.
func (c *Cursors) VerifyLink(purpose, token string) (value string, ok bool) {
	if len(token) > maxCursorLen {
		return "", false
	}
	enc, sig, found := strings.Cut(token, ".")
	if !found {
		return "", false
	}
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return "", false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, c.linkMAC(purpose, string(raw))) {
		return "", false
	}
	return string(raw), true
}

func (c *Cursors) linkMAC(purpose, value string) []byte {
	m := hmac.New(sha256.New, c.key)
	m.Write([]byte("link\x00" + purpose + "\x00" + value))
	return m.Sum(nil)[:linkMACBytes]
}
