package s3local

import (
	"io"
	"net/http"
	"strings"

	"github.com/johannesboyne/gofakes3"
)

// storedHeaders are the standard headers S3 stores with an object when it
// is written (PUT, a multipart upload's creation, a copy) and sends back
// on every GET and HEAD of it, which gofakes3 drops: it keeps only
// Content-Type, Content-Disposition, Content-Encoding and the x-amz-
// headers. Cache-Control matters most: the images function stores photos
// as immutable, and CloudFront and browsers read that from the object.
var storedHeaders = []string{"Cache-Control", "Content-Language", "Expires"}

// carriedPrefix is how a stored header crosses gofakes3: the front renames
// Cache-Control to X-Amz-S3local-Cache-Control, which gofakes3 keeps as
// object metadata, and storingBackend renames it back before the object is
// stored, so gofakes3 answers it under its own name on GET and HEAD.
const carriedPrefix = "X-Amz-S3local-"

// carryStoredHeaders prepares r for gofakes3: no caller may send a header
// of carriedPrefix itself, and the stored headers of a request that
// writes an object are renamed to it.
func carryStoredHeaders(r *http.Request) {
	for k := range r.Header {
		if strings.HasPrefix(http.CanonicalHeaderKey(k), carriedPrefix) {
			r.Header.Del(k)
		}
	}
	_, key := splitPath(r.URL.Path)
	q := r.URL.Query()
	writes := key != "" && (r.Method == http.MethodPut && !q.Has("uploadId") || r.Method == http.MethodPost && q.Has("uploads"))
	if !writes {
		return
	}
	for _, name := range storedHeaders {
		if v, ok := r.Header[name]; ok {
			r.Header[carriedPrefix+name] = v
			r.Header.Del(name)
		}
	}
}

// dropEmptyStoredHeaders removes the stored headers an object holds
// empty (storingBackend's mark of "none") from a response.
func dropEmptyStoredHeaders(h http.Header) {
	for _, name := range storedHeaders {
		if v, ok := h[name]; ok && strings.Join(v, "") == "" {
			h.Del(name)
		}
	}
}

// storingBackend stores the headers the front carried across gofakes3
// under their own names. A write without one of them stores it empty:
// gofakes3's backends merge a new object's metadata into the old one's,
// and S3 replaces it, so an object rewritten without Cache-Control has
// none (the front drops empty ones from answers).
type storingBackend struct {
	gofakes3.Backend
}

// restore renames the carried headers of meta. A copy's meta also holds
// the source's own stored headers: a carried one (the request's, with
// x-amz-metadata-directive REPLACE) wins.
func restore(meta map[string]string, emptyWhenAbsent bool) {
	for _, name := range storedHeaders {
		if v, ok := meta[carriedPrefix+name]; ok {
			meta[name] = v
			delete(meta, carriedPrefix+name)
		} else if _, kept := meta[name]; !kept && emptyWhenAbsent {
			meta[name] = ""
		}
	}
}

func (b storingBackend) PutObject(bucket, key string, meta map[string]string, input io.Reader, size int64, cond *gofakes3.PutConditions) (gofakes3.PutObjectResult, error) {
	restore(meta, true)
	return b.Backend.PutObject(bucket, key, meta, input, size, cond) //nolint:wrapcheck // a transparent layer
}

func (b storingBackend) CopyObject(srcBucket, srcKey, dstBucket, dstKey string, meta map[string]string) (gofakes3.CopyObjectResult, error) {
	restore(meta, false)
	return b.Backend.CopyObject(srcBucket, srcKey, dstBucket, dstKey, meta) //nolint:wrapcheck // a transparent layer
}
