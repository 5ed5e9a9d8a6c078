package gateway

import (
	"net/http"
	"strings"
	"testing"

	"github.com/remat/remat/shared/mail"
)

func TestMailPreviews(t *testing.T) {
	f := newFixture(t, nil)

	resp, body := f.do(t, "GET", "/_dev/mailbox", nil, nil)
	if resp.StatusCode != 200 || !strings.Contains(string(body), `href="/_dev/mailbox/previews"`) {
		t.Errorf("mailbox page: got %d, want a link to the previews", resp.StatusCode)
	}

	resp, body = f.do(t, "GET", "/_dev/mailbox/previews", nil, nil)
	page := string(body)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("previews page: got %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	assertSecurityHeaders(t, f.headers, resp)
	if strings.Contains(page, "<script") || strings.Contains(page, "style=") || strings.Contains(page, `class="error"`) {
		t.Errorf("previews page: inline script or style, or a render error:\n%s", page)
	}
	for _, lang := range mail.Languages {
		for _, s := range mail.Samples(lang) {
			for _, ext := range []string{"html", "txt"} {
				path := "/_dev/mailbox/previews/" + s.Name + "/" + lang + "." + ext
				if !strings.Contains(page, `href="`+path+`"`) {
					t.Errorf("previews page: no link to %s", path)
				}
			}
		}
	}

	// One sample in both parts: the text with its subject, the HTML as
	// sent, with a policy that lets its inline styles apply.
	want, err := mail.Render("de", mail.Samples("de")[0].Email)
	if err != nil {
		t.Fatal(err)
	}
	name := mail.Samples("de")[0].Name
	resp, body = f.do(t, "GET", "/_dev/mailbox/previews/"+name+"/de.txt", nil, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/plain; charset=utf-8" ||
		string(body) != "Subject: "+want.Subject+"\n\n"+want.Text {
		t.Errorf("text preview: got %d %s %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	resp, body = f.do(t, "GET", "/_dev/mailbox/previews/"+name+"/de.html", nil, nil)
	if resp.StatusCode != 200 || string(body) != want.HTML {
		t.Errorf("html preview: got %d, want the rendered HTML", resp.StatusCode)
	}
	if got := resp.Header.Get("Content-Security-Policy"); got != previewCSP {
		t.Errorf("html preview: CSP %q, want %q", got, previewCSP)
	}

	for _, path := range []string{
		"/_dev/mailbox/previews/nope/de.html",
		"/_dev/mailbox/previews/" + name + "/rm.html",
		"/_dev/mailbox/previews/" + name + "/de.pdf",
		"/_dev/mailbox/previews/" + name,
		"/_dev/mailbox/previewsx",
	} {
		if resp, _ := f.do(t, "GET", path, nil, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: got %d, want 404", path, resp.StatusCode)
		}
	}
	if resp, _ := f.do(t, "POST", "/_dev/mailbox/previews", strings.NewReader("x"), nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: got %d, want 405", resp.StatusCode)
	}
}
