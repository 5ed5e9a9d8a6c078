package gateway

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/remat/remat/infra/mailbox"
)

//go:embed devpages
var devFS embed.FS

var (
	devCSS       = mustRead("devpages/dev.css")
	notBuiltHTML = mustRead("devpages/notbuilt.html")
	mailboxPage  = template.Must(template.New("mailbox.html").Funcs(template.FuncMap{
		"join":    func(s []string) string { return strings.Join(s, ", ") },
		"linkify": linkify,
	}).ParseFS(devFS, "devpages/mailbox.html"))
)

func mustRead(name string) []byte {
	b, err := devFS.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

// serveDev serves the local-only pages under /_dev/.
func (g *Gateway) serveDev(w http.ResponseWriter, r *http.Request) {
	if fn, ok := strings.CutPrefix(r.URL.Path, "/_dev/schedule/"); ok {
		g.serveSchedule(w, r, fn)
		return
	}
	if h, ok := g.cfg.DevHandlers[r.URL.Path]; ok {
		h.ServeHTTP(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if rest, ok := strings.CutPrefix(r.URL.Path, "/_dev/mailbox/previews"); ok && (rest == "" || rest[0] == '/') {
		servePreviews(w, r, rest)
		return
	}
	switch r.URL.Path {
	case "/_dev/mailbox":
		var buf bytes.Buffer
		if err := mailboxPage.Execute(&buf, g.messages()); err != nil {
			http.Error(w, "Internal Server Error", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		writeBody(w, r, http.StatusOK, buf.Bytes())
	case "/_dev/mailbox.json":
		msgs := g.messages()
		out := struct {
			Messages []mailJSON `json:"messages"`
		}{Messages: make([]mailJSON, 0, len(msgs))}
		for _, m := range msgs {
			out.Messages = append(out.Messages, toMailJSON(m))
		}
		body, err := json.Marshal(out)
		if err != nil {
			http.Error(w, "Internal Server Error", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		writeBody(w, r, http.StatusOK, body)
	case "/_dev/dev.css":
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		writeBody(w, r, http.StatusOK, devCSS)
	default:
		http.Error(w, "Not Found", http.StatusNotFound)
	}
}

// serveSchedule runs function's Schedule event now and answers when the
// invocation has finished: 200 {"function","ok":true}, 404 for a function
// without a schedule, 502 with the function's error. Tests use it instead
// of waiting for the rate.
func (g *Gateway) serveSchedule(w http.ResponseWriter, r *http.Request, function string) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if g.cfg.Scheduler == nil || function == "" || strings.Contains(function, "/") {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	status, out := http.StatusOK, map[string]any{"function": function, "ok": true}
	if err := g.cfg.Scheduler.Trigger(r.Context(), function); err != nil {
		status, out = http.StatusBadGateway, map[string]any{"function": function, "ok": false, "error": err.Error()}
		if errors.Is(err, ErrNoSchedule) {
			status = http.StatusNotFound
		}
		g.log.WarnContext(r.Context(), "gateway: scheduled run failed", "function", function, "err", err.Error())
	}
	body, _ := json.Marshal(out)
	w.Header().Set("Content-Type", "application/json")
	writeBody(w, r, status, body)
}

func (g *Gateway) messages() []mailbox.Message {
	if g.cfg.Mailbox == nil {
		return nil
	}
	return g.cfg.Mailbox.List()
}

// mailJSON is one message of /_dev/mailbox.json. Lists are never null and
// text/html are always present, so scripts can read them without checks.
type mailJSON struct {
	ID      string    `json:"id"`
	From    string    `json:"from"`
	To      []string  `json:"to"`
	Cc      []string  `json:"cc"`
	ReplyTo []string  `json:"replyTo"`
	Subject string    `json:"subject"`
	Text    string    `json:"text"`
	HTML    string    `json:"html"`
	SentAt  time.Time `json:"sentAt"`
}

func toMailJSON(m mailbox.Message) mailJSON {
	nonNil := func(s []string) []string {
		if s == nil {
			return []string{}
		}
		return s
	}
	return mailJSON{
		ID: m.ID, From: m.From, To: nonNil(m.To), Cc: nonNil(m.Cc), ReplyTo: nonNil(m.ReplyTo),
		Subject: m.Subject, Text: m.Text, HTML: m.HTML, SentAt: m.SentAt,
	}
}

// serveNotBuilt answers in place of index.html when there is no build.
func serveNotBuilt(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	writeBody(w, r, http.StatusServiceUnavailable, notBuiltHTML)
}

// textPart is a run of a mail body: plain text, or a link.
type textPart struct {
	Text string
	URL  string
}

var urlPattern = regexp.MustCompile(`https?://[^\s<>"]+[^\s<>".,;:!?)\]]`)

// linkify splits text into plain runs and http(s) links, so the dev
// mailbox can make verification links clickable; html/template escapes
// both and vets the URLs.
func linkify(text string) []textPart {
	var parts []textPart
	last := 0
	for _, loc := range urlPattern.FindAllStringIndex(text, -1) {
		if loc[0] > last {
			parts = append(parts, textPart{Text: text[last:loc[0]]})
		}
		u := text[loc[0]:loc[1]]
		parts = append(parts, textPart{Text: u, URL: u})
		last = loc[1]
	}
	if last < len(text) {
		parts = append(parts, textPart{Text: text[last:]})
	}
	return parts
}
