package gateway

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// Cache-Control values of the static site: hashed build output under
// /assets/ never changes; everything else (index.html first) is
// revalidated on every use.
const (
	cacheImmutable = "public, max-age=31536000, immutable"
	cacheRevalid   = "no-cache"
)

// minCompress is CloudFront's lower bound for compression (1,000 bytes).
const minCompress = 1000

// staticSite serves the SPA build like the web bucket behind CloudFront.
type staticSite struct {
	dir   string
	cache sync.Map // name -> *fileInfo
}

// fileInfo is what the site computes once per file version.
type fileInfo struct {
	modTime time.Time
	size    int64
	etag    string
	gz, br  []byte // its gzip and brotli forms; nil when not worth compressing
}

// spaKey applies the CloudFront function of template.yaml: a path whose
// last segment has no "." is rewritten to /index.html.
func spaKey(p string) string {
	last := p[strings.LastIndex(p, "/")+1:]
	if !strings.Contains(last, ".") {
		return "/index.html"
	}
	return p
}

// serve answers from the build with the SPA fallback (spaKey).
func (s *staticSite) serve(w http.ResponseWriter, r *http.Request) {
	s.serveKey(w, r, spaKey(r.URL.Path))
}

// serveFile answers from the build as the web bucket does behind a
// behaviour without a function: the file at the path, or 404.
func (s *staticSite) serveFile(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Path
	if key == "/" || strings.HasSuffix(key, "/") {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	s.serveKey(w, r, key)
}

func (s *staticSite) serveKey(w http.ResponseWriter, r *http.Request, key string) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		// CloudFront's answer for methods outside AllowedMethods.
		http.Error(w, "Forbidden", http.StatusForbidden)
		return
	}
	name := strings.TrimPrefix(key, "/")
	f, err := s.open(name)
	if err != nil {
		if key == "/index.html" {
			serveNotBuilt(w, r)
			return
		}
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	defer func() { _ = f.Close() }()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}

	h := w.Header()
	if strings.HasPrefix(key, "/assets/") {
		h.Set("Cache-Control", cacheImmutable)
	} else {
		h.Set("Cache-Control", cacheRevalid)
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype != "" {
		h.Set("Content-Type", ctype)
	}
	info, err := s.info(name, st, f, ctype)
	if err != nil {
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	h.Add("Vary", "Accept-Encoding")
	if info.gz != nil {
		if coding := encodingFor(r); coding != "" {
			body := info.gz
			if coding == codingBrotli {
				body = info.br
			}
			h.Set("Content-Encoding", coding)
			h.Set("ETag", `"`+info.etag+`-`+coding+`"`)
			http.ServeContent(w, r, name, info.modTime, bytes.NewReader(body))
			return
		}
	}
	h.Set("ETag", `"`+info.etag+`"`)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, name, info.modTime, f)
}

// open opens name inside the site's directory; paths that would leave it
// fail. The directory is opened per request so a rebuild (which replaces
// dist) is picked up at once.
func (s *staticSite) open(name string) (*os.File, error) {
	if s.dir == "" {
		return nil, fs.ErrNotExist
	}
	return os.OpenInRoot(s.dir, name)
}

// info returns the file's ETag and gzip form, computed once per version
// (name, size and modification time).
func (s *staticSite) info(name string, st fs.FileInfo, f io.Reader, ctype string) (*fileInfo, error) {
	if v, ok := s.cache.Load(name); ok {
		fi := v.(*fileInfo)
		if fi.size == st.Size() && fi.modTime.Equal(st.ModTime()) {
			return fi, nil
		}
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	fi := &fileInfo{modTime: st.ModTime(), size: st.Size(), etag: hex.EncodeToString(sum[:12])}
	if len(data) >= minCompress && compressible(ctype) {
		fi.gz, fi.br = compress(codingGzip, data), compress(codingBrotli, data)
	}
	s.cache.Store(name, fi)
	return fi, nil
}

// writeBody writes status and body with Content-Length, compressing the
// body as CloudFront does when the client accepts brotli or gzip and the
// content type is worth it.
func writeBody(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	h := w.Header()
	if coding := encodingFor(r); coding != "" && len(body) >= minCompress && h.Get("Content-Encoding") == "" &&
		compressible(h.Get("Content-Type")) {
		body = compress(coding, body)
		h.Set("Content-Encoding", coding)
		h.Add("Vary", "Accept-Encoding")
		if et := h.Get("ETag"); et != "" && !strings.HasPrefix(et, "W/") {
			h.Set("ETag", "W/"+et) // as CloudFront does for compressed objects
		}
	}
	noBody := status == http.StatusNoContent || status == http.StatusNotModified || status < 200
	if !noBody {
		h.Set("Content-Length", strconv.Itoa(len(body)))
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead && !noBody {
		_, _ = w.Write(body)
	}
}

// The content codings CloudFront compresses with (Compress: true, with
// the cache policy's EnableAcceptEncodingGzip and ...Brotli).
const (
	codingGzip   = "gzip"
	codingBrotli = "br"
)

// compress encodes data with coding.
func compress(coding string, data []byte) []byte {
	var buf bytes.Buffer
	var zw io.WriteCloser
	if coding == codingBrotli {
		zw = brotli.NewWriterLevel(&buf, brotli.DefaultCompression)
	} else {
		zw, _ = gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	}
	_, _ = zw.Write(data) // writes to a bytes.Buffer do not fail
	_ = zw.Close()
	return buf.Bytes()
}

// encodingFor is the coding CloudFront answers r with: brotli when the
// viewer accepts it, else gzip when it accepts that, else none.
func encodingFor(r *http.Request) string {
	switch {
	case accepts(r, codingBrotli):
		return codingBrotli
	case accepts(r, codingGzip):
		return codingGzip
	}
	return ""
}

// accepts reports whether Accept-Encoding allows coding (listed, and not
// with q=0).
func accepts(r *http.Request, coding string) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if !strings.EqualFold(strings.TrimSpace(name), coding) {
				continue
			}
			q := strings.ReplaceAll(params, " ", "")
			if q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
				return false
			}
			return true
		}
	}
	return false
}

// compressible reports whether CloudFront would compress this content
// type.
func compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	if strings.HasPrefix(mt, "text/") {
		return true
	}
	switch mt {
	case "application/json", "application/javascript", "application/x-javascript",
		"application/xml", "application/wasm", "application/manifest+json",
		"image/svg+xml", "image/x-icon", "image/vnd.microsoft.icon",
		"font/ttf", "font/otf", "application/vnd.ms-fontobject":
		return true
	}
	return strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml")
}
