package awsemu

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/mail"
	"strings"
	"sync"

	"github.com/remat/remat/infra/faults"
	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/mailbox"
)

// SES emulates the SES v2 SendEmail operation
// (POST /v2/email/outbound-emails, REST JSON) and stores every accepted
// message in a mailbox.Store. Simple and Raw content are supported;
// Template content is rejected. Safe for concurrent use.
type SES struct {
	store           *mailbox.Store
	iam             *iam.Enforcer
	region, account string

	mu      sync.Mutex
	failure error
	faults  *faults.Table
}

// NewSES returns an SES emulator that delivers into store.
func NewSES(store *mailbox.Store) *SES { return &SES{store: store} }

// WithIAM makes s authenticate every request and authorize ses:SendEmail
// on the sender's identity (arn:aws:ses:<region>:<account>:identity/<from
// address>) with the condition keys ses:FromAddress, ses:FromDisplayName,
// ses:Recipients and ses:ApiVersion, answering 403 AccessDeniedException as
// SES does. It returns s.
func (s *SES) WithIAM(e *iam.Enforcer, region, account string) *SES {
	s.iam, s.region, s.account = e, region, account
	return s
}

func (s *SES) authorize(r *http.Request, p *iam.Principal, msg mailbox.Message) *APIError {
	from, err := mail.ParseAddress(msg.From)
	if err != nil {
		return badRequest("FromEmailAddress: invalid address %q", msg.From)
	}
	var recipients []string
	for _, list := range [][]string{msg.To, msg.Cc, msg.Bcc} {
		for _, a := range list {
			if pa, err := mail.ParseAddress(a); err == nil {
				recipients = append(recipients, pa.Address)
			}
		}
	}
	ctx := map[string][]string{
		"ses:FromAddress": {from.Address}, "ses:Recipients": recipients, "ses:ApiVersion": {"2"},
		"aws:RequestedRegion": {s.region},
	}
	if from.Name != "" {
		ctx["ses:FromDisplayName"] = []string{from.Name}
	}
	req := iam.Request{Action: "ses:SendEmail", Resource: fmt.Sprintf("arn:aws:ses:%s:%s:identity/%s", s.region, s.account, from.Address), Context: ctx}
	if d := s.iam.Authorize(r.Context(), p, nil, req); !d.Allowed {
		return &APIError{Status: http.StatusForbidden, Code: "AccessDeniedException", Message: d.Message(false)}
	}
	return nil
}

// WithFaults makes s consult ft for every SendEmail it has authorized
// (package faults): a matching fault stalls it, answers SES's error
// instead, or drops it when the caller hangs up during the stall. A fault's
// resource is the sender's address, its keyPrefix is matched against the
// recipients. It returns s.
func (s *SES) WithFaults(ft *faults.Table) *SES {
	s.faults = ft
	return s
}

// SetFailure makes every following SendEmail fail with err (an *APIError
// chooses status and code; anything else is a 500 InternalFailure, which the
// SDK retries). SetFailure(nil) restores normal operation.
func (s *SES) SetFailure(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failure = err
}

// maxRecipients is SES's limit on To+Cc+Bcc per message.
const maxRecipients = 50

type sendEmailRequest struct {
	FromEmailAddress string
	Destination      *struct {
		ToAddresses  []string
		CcAddresses  []string
		BccAddresses []string
	}
	ReplyToAddresses []string
	Content          *struct {
		Simple *struct {
			Subject *struct{ Data string }
			Body    *struct {
				Text *struct{ Data string }
				HTML *struct{ Data string } `json:"Html"`
			}
		}
		Raw *struct {
			Data []byte // base64 in JSON, as the SDK sends blobs
		}
		Template json.RawMessage
	}
}

// ServeHTTP implements the SES v2 REST endpoint.
func (s *SES) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v2/email/outbound-emails" {
		sesError(w, &APIError{Status: http.StatusNotFound, Code: "NotFoundException", Message: "the local SES emulator only implements SendEmail (POST /v2/email/outbound-emails)"})
		return
	}
	if r.Method != http.MethodPost {
		sesError(w, &APIError{Status: http.StatusMethodNotAllowed, Code: "BadRequestException", Message: "method not allowed"})
		return
	}
	s.mu.Lock()
	failure := s.failure
	s.mu.Unlock()
	if failure != nil {
		sesError(w, asAPIError(failure))
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 40<<20))
	if err != nil {
		sesError(w, badRequest("cannot read the body: %v", err))
		return
	}
	var p *iam.Principal
	if s.iam != nil {
		sum := sha256.Sum256(body)
		if p, err = s.iam.Authenticate(r.Context(), r, iam.AuthOptions{Service: "ses", PayloadHash: hex.EncodeToString(sum[:])}, false); err != nil {
			e := jsonAuthError(err)
			e.Status = http.StatusForbidden
			sesError(w, e)
			return
		}
	}
	var req sendEmailRequest
	if err := json.Unmarshal(body, &req); err != nil {
		sesError(w, badRequest("invalid JSON body: %v", err))
		return
	}
	msg, err := messageFromRequest(&req)
	if err != nil {
		sesError(w, asAPIError(err))
		return
	}
	if p != nil {
		if e := s.authorize(r, p, msg); e != nil {
			sesError(w, e)
			return
		}
	}
	if s.faults != nil {
		fail, err := s.faults.Inject(r.Context(), sesCall(p, msg))
		if err != nil {
			return // the caller hung up during a stall: nothing is sent
		}
		if fail != nil {
			sesError(w, &APIError{Status: fail.Status, Code: fail.Code, Message: fail.Message})
			return
		}
	}
	stored, err := s.store.Add(msg)
	if err != nil {
		sesError(w, asAPIError(err))
		return
	}
	writeJSON(w, http.StatusOK, "application/json", map[string]string{"MessageId": stored.ID})
}

// sesCall describes a SendEmail for the fault table: the sender's address
// as the resource, the recipients' addresses as the keys.
func sesCall(p *iam.Principal, msg mailbox.Message) faults.Call {
	c := faults.Call{Service: faults.SES, Operation: "SendEmail", Action: "ses:SendEmail"}
	if p != nil {
		c.Principal = p.Name
	}
	target := faults.Target{Resource: msg.From}
	if from, err := mail.ParseAddress(msg.From); err == nil {
		target.Resource = from.Address
	}
	for _, list := range [][]string{msg.To, msg.Cc, msg.Bcc} {
		for _, a := range list {
			if pa, err := mail.ParseAddress(a); err == nil {
				target.Keys = append(target.Keys, pa.Address)
			}
		}
	}
	c.Targets = []faults.Target{target}
	return c
}

func messageFromRequest(req *sendEmailRequest) (mailbox.Message, error) {
	var m mailbox.Message
	if req.Destination != nil {
		m.To = req.Destination.ToAddresses
		m.Cc = req.Destination.CcAddresses
		m.Bcc = req.Destination.BccAddresses
	}
	m.From = req.FromEmailAddress
	m.ReplyTo = req.ReplyToAddresses
	switch {
	case req.Content == nil:
		return m, badRequest("Content is required")
	case req.Content.Simple != nil:
		sc := req.Content.Simple
		if sc.Subject == nil || strings.TrimSpace(sc.Subject.Data) == "" {
			return m, badRequest("Content.Simple.Subject is required")
		}
		m.Subject = sc.Subject.Data
		if sc.Body != nil && sc.Body.Text != nil {
			m.Text = sc.Body.Text.Data
		}
		if sc.Body != nil && sc.Body.HTML != nil {
			m.HTML = sc.Body.HTML.Data
		}
		if m.Text == "" && m.HTML == "" {
			return m, badRequest("Content.Simple.Body needs Text or Html")
		}
	case req.Content.Raw != nil:
		raw, err := parseRaw(req.Content.Raw.Data)
		if err != nil {
			return m, badRequest("Content.Raw: %v", err)
		}
		// The request's fields win over the MIME headers, as on SES, where
		// Destination is the envelope.
		m.Subject, m.Text, m.HTML = raw.Subject, raw.Text, raw.HTML
		if m.From == "" {
			m.From = raw.From
		}
		if len(m.To)+len(m.Cc)+len(m.Bcc) == 0 {
			m.To, m.Cc = raw.To, raw.Cc
		}
		if len(m.ReplyTo) == 0 {
			m.ReplyTo = raw.ReplyTo
		}
	case req.Content.Template != nil:
		return m, badRequest("template content is not supported by the local SES emulator; send Simple or Raw content")
	default:
		return m, badRequest("Content needs Simple, Raw or Template")
	}

	if m.From == "" {
		return m, badRequest("FromEmailAddress is required")
	}
	if err := checkAddresses("FromEmailAddress", m.From); err != nil {
		return m, err
	}
	n := len(m.To) + len(m.Cc) + len(m.Bcc)
	if n == 0 {
		return m, badRequest("Destination needs at least one address")
	}
	if n > maxRecipients {
		return m, &APIError{Status: http.StatusBadRequest, Code: "MessageRejected", Message: fmt.Sprintf("too many recipients: %d > %d", n, maxRecipients)}
	}
	for field, list := range map[string][]string{"ToAddresses": m.To, "CcAddresses": m.Cc, "BccAddresses": m.Bcc, "ReplyToAddresses": m.ReplyTo} {
		if err := checkAddresses(field, list...); err != nil {
			return m, err
		}
	}
	return m, nil
}

func checkAddresses(field string, addrs ...string) error {
	for _, a := range addrs {
		if _, err := mail.ParseAddress(a); err != nil {
			return badRequest("%s: invalid address %q", field, a)
		}
	}
	return nil
}

func badRequest(format string, args ...any) *APIError {
	return &APIError{Status: http.StatusBadRequest, Code: "BadRequestException", Message: fmt.Sprintf(format, args...)}
}

// sesError writes a REST-JSON error: the type in x-amzn-ErrorType, the
// text in the body's message.
func sesError(w http.ResponseWriter, e *APIError) {
	w.Header().Set("x-amzn-ErrorType", e.Code)
	writeJSON(w, e.Status, "application/json", map[string]string{"message": e.Message})
}

type rawMessage struct {
	From, Subject, Text, HTML string
	To, Cc, ReplyTo           []string
}

// parseRaw reads a MIME message: headers (RFC 2047 words decoded) and the
// first text/plain and text/html parts, at any multipart depth.
func parseRaw(data []byte) (*rawMessage, error) {
	msg, err := mail.ReadMessage(bufio.NewReader(bytes.NewReader(data)))
	if err != nil {
		return nil, err
	}
	dec := new(mime.WordDecoder)
	header := func(name string) string {
		v := msg.Header.Get(name)
		if d, err := dec.DecodeHeader(v); err == nil {
			return d
		}
		return v
	}
	list := func(name string) ([]string, error) {
		if msg.Header.Get(name) == "" {
			return nil, nil
		}
		addrs, err := msg.Header.AddressList(name)
		if err != nil {
			return nil, fmt.Errorf("header %s: %w", name, err)
		}
		out := make([]string, len(addrs))
		for i, a := range addrs {
			out[i] = a.Address
			if a.Name != "" {
				out[i] = a.Name + " <" + a.Address + ">"
			}
		}
		return out, nil
	}
	out := &rawMessage{Subject: header("Subject")}
	if from, err := list("From"); err != nil {
		return nil, err
	} else if len(from) > 0 {
		out.From = from[0]
	}
	if out.To, err = list("To"); err != nil {
		return nil, err
	}
	if out.Cc, err = list("Cc"); err != nil {
		return nil, err
	}
	if out.ReplyTo, err = list("Reply-To"); err != nil {
		return nil, err
	}
	if err := readPart(out, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, 0); err != nil {
		return nil, err
	}
	return out, nil
}

func readPart(out *rawMessage, contentType, encoding string, body io.Reader, depth int) error {
	if depth > 10 {
		return errors.New("multipart nesting too deep")
	}
	if contentType == "" {
		contentType = "text/plain"
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("content type %q: %w", contentType, err)
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := readPart(out, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, depth+1); err != nil {
				return err
			}
		}
	}
	if mediaType != "text/plain" && mediaType != "text/html" {
		return nil // attachments and the like are not kept
	}
	r := body
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		r = quotedprintable.NewReader(body)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, newlineStripper{body})
	}
	text, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("%s body: %w", mediaType, err)
	}
	if mediaType == "text/plain" && out.Text == "" {
		out.Text = string(text)
	} else if mediaType == "text/html" && out.HTML == "" {
		out.HTML = string(text)
	}
	return nil
}

// newlineStripper drops CR and LF so base64 bodies wrapped at 76 columns
// decode.
type newlineStripper struct{ r io.Reader }

func (n newlineStripper) Read(p []byte) (int, error) {
	for {
		c, err := n.r.Read(p)
		j := 0
		for _, b := range p[:c] {
			if b != '\r' && b != '\n' {
				p[j] = b
				j++
			}
		}
		if j > 0 || err != nil {
			return j, err
		}
	}
}

func requestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
