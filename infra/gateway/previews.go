package gateway

import (
	"bytes"
	"html/template"
	"net/http"
	"slices"
	"strings"

	"github.com/remat/remat/shared/mail"
)

var previewsPage = template.Must(template.ParseFS(devFS, "devpages/previews.html"))

// previewCSP replaces the site's policy on a rendered e-mail: mail HTML
// carries its styles inline (mail clients drop stylesheets), which the
// site's policy forbids; scripts stay forbidden and the page is sandboxed.
const previewCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; sandbox"

// previewRow is one sample in one language on the previews page.
type previewRow struct {
	Lang, Subject, Err string
}

// preview is one sample on the previews page.
type preview struct {
	Name, Template string
	Langs          []previewRow
}

// servePreviews serves /_dev/mailbox/previews (rest ""): every e-mail
// template in every language rendered with mail.Samples, and each one at
// /_dev/mailbox/previews/<sample>/<lang>.html or .txt.
func servePreviews(w http.ResponseWriter, r *http.Request, rest string) {
	if rest == "" {
		servePreviewList(w, r)
		return
	}
	sample, file, ok := strings.Cut(strings.TrimPrefix(rest, "/"), "/")
	lang, ext, _ := strings.Cut(file, ".")
	if !ok || !slices.Contains(mail.Languages, lang) || (ext != "html" && ext != "txt") {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	i := slices.IndexFunc(mail.Samples(lang), func(s mail.Sample) bool { return s.Name == sample })
	if i < 0 {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	m, err := mail.Render(lang, mail.Samples(lang)[i].Email)
	if err != nil {
		// A template bug: worth reading in full, locally.
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if ext == "txt" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		writeBody(w, r, http.StatusOK, []byte("Subject: "+m.Subject+"\n\n"+m.Text))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", previewCSP)
	writeBody(w, r, http.StatusOK, []byte(m.HTML))
}

func servePreviewList(w http.ResponseWriter, r *http.Request) {
	samples := map[string][]mail.Sample{}
	for _, lang := range mail.Languages {
		samples[lang] = mail.Samples(lang)
	}
	var list []preview
	for i, s := range samples["en"] {
		p := preview{Name: s.Name, Template: s.Template()}
		for _, lang := range mail.Languages {
			row := previewRow{Lang: lang}
			if m, err := mail.Render(lang, samples[lang][i].Email); err != nil {
				row.Err = err.Error()
			} else {
				row.Subject = m.Subject
			}
			p.Langs = append(p.Langs, row)
		}
		list = append(list, p)
	}
	var buf bytes.Buffer
	if err := previewsPage.Execute(&buf, list); err != nil {
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	writeBody(w, r, http.StatusOK, buf.Bytes())
}
