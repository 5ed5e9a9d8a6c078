package s3local

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
)

type recorder struct {
	mu     sync.Mutex
	events []string
	seqs   []string
}

func (r *recorder) hook(ev ObjectCreated) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, strings.Join([]string{ev.EventName, ev.Bucket, ev.Key, itoa(ev.Size), ev.ContentType, ev.ETag}, "|"))
	r.seqs = append(r.seqs, ev.Sequencer)
}

func (r *recorder) snapshot() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.events...)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestObjectsAndEvents(t *testing.T) {
	for _, backend := range []string{"memory", "disk"} {
		t.Run(backend, func(t *testing.T) {
			rec := &recorder{}
			opts := Options{Buckets: []string{"images", "images"}, OnObjectCreated: rec.hook}
			if backend == "disk" {
				opts.DataDir = t.TempDir()
			}
			srv, err := Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = srv.Close() }()
			if !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
				t.Errorf("got URL %q, want loopback", srv.URL())
			}
			client := NewClient(srv.URL())
			ctx := context.Background()

			_, err = client.PutObject(ctx, &s3.PutObjectInput{
				Bucket: aws.String("images"), Key: aws.String("a/one.jpg"),
				Body: bytes.NewReader([]byte("12345")), ContentType: aws.String("image/jpeg"),
			})
			if err != nil {
				t.Fatal(err)
			}
			_, err = client.CopyObject(ctx, &s3.CopyObjectInput{
				Bucket: aws.String("images"), Key: aws.String("b/copy.jpg"), CopySource: aws.String("images/a/one.jpg"),
			})
			if err != nil {
				t.Fatal(err)
			}

			// A presigned PUT as the browser sends it.
			presign := s3.NewPresignClient(client)
			req, err := presign.PresignPutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("images"), Key: aws.String("up.png"), ContentType: aws.String("image/png")}, s3.WithPresignExpires(time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			httpReq, _ := http.NewRequest(http.MethodPut, req.URL, strings.NewReader("png"))
			httpReq.Header.Set("Content-Type", "image/png")
			httpReq.Header.Set("Origin", "http://127.0.0.1:5173")
			resp, err := http.DefaultClient.Do(httpReq)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			if resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") == "" {
				t.Errorf("presigned PUT: got %d, ETag %q", resp.StatusCode, resp.Header.Get("ETag"))
			}
			// No bucket of this server has CORS rules: no CORS headers,
			// whatever the emulator would say on its own.
			if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "" {
				t.Errorf("got Allow-Origin %q, want none", got)
			}

			// Ranged read works with the local client's checksum settings.
			obj, err := client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String("images"), Key: aws.String("b/copy.jpg"), Range: aws.String("bytes=1-2")})
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(obj.Body)
			_ = obj.Body.Close()
			if string(body) != "23" {
				t.Errorf("got %q, want 23", body)
			}

			_ = srv.Close() // drains the event queue
			const md5of12345, md5ofPNG = "827ccb0eea8a706c4c34a16891f84e7b", "bff139fa05ac583f685a523ab3d110a0"
			want := []string{
				"ObjectCreated:Put|images|a/one.jpg|5|image/jpeg|" + md5of12345,
				"ObjectCreated:Copy|images|b/copy.jpg|5|image/jpeg|" + md5of12345,
				"ObjectCreated:Put|images|up.png|3|image/png|" + md5ofPNG,
			}
			if got := rec.snapshot(); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("got events %q, want %q", got, want)
			}
			if s := rec.seqs; len(s) != 3 || s[0] >= s[1] || s[1] >= s[2] {
				t.Errorf("got sequencers %q, want increasing", s)
			}
		})
	}
}

func TestMultipartUploadEmitsOneEvent(t *testing.T) {
	rec := &recorder{}
	srv, err := Start(Options{Buckets: []string{"uploads"}, OnObjectCreated: rec.hook})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Close() }()
	client := NewClient(srv.URL())
	ctx := context.Background()
	up, err := client.CreateMultipartUpload(ctx, &s3.CreateMultipartUploadInput{Bucket: aws.String("uploads"), Key: aws.String("big.bin"), ContentType: aws.String("application/octet-stream")})
	if err != nil {
		t.Fatal(err)
	}
	part := bytes.Repeat([]byte("x"), 5<<20)
	var parts []types.CompletedPart
	for i := int32(1); i <= 2; i++ {
		out, err := client.UploadPart(ctx, &s3.UploadPartInput{Bucket: aws.String("uploads"), Key: aws.String("big.bin"), UploadId: up.UploadId, PartNumber: aws.Int32(i), Body: bytes.NewReader(part)})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, types.CompletedPart{ETag: out.ETag, PartNumber: aws.Int32(i)})
	}
	if _, err := client.CompleteMultipartUpload(ctx, &s3.CompleteMultipartUploadInput{Bucket: aws.String("uploads"), Key: aws.String("big.bin"), UploadId: up.UploadId, MultipartUpload: &types.CompletedMultipartUpload{Parts: parts}}); err != nil {
		t.Fatal(err)
	}
	_ = srv.Close()
	got := rec.snapshot()
	if len(got) != 1 || !strings.HasPrefix(got[0], "ObjectCreated:Put|uploads|big.bin|") {
		t.Errorf("got events %q, want one for big.bin", got)
	}
}

func TestDiskSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	srv, err := Start(Options{DataDir: dir, Buckets: []string{"web"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewClient(srv.URL()).PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("web"), Key: aws.String("index.html"), Body: strings.NewReader("<html>")}); err != nil {
		t.Fatal(err)
	}
	_ = srv.Close()

	srv, err = Start(Options{DataDir: dir, Buckets: []string{"web"}}) // existing bucket is fine
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Close() }()
	out, err := NewClient(srv.URL()).GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String("web"), Key: aws.String("index.html")})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = out.Body.Close() }()
	if b, _ := io.ReadAll(out.Body); string(b) != "<html>" {
		t.Errorf("got %q after restart", b)
	}
}

func TestStartRejects(t *testing.T) {
	for _, opts := range []Options{{Addr: "0.0.0.0:0"}, {Addr: "nonsense"}, {Buckets: []string{"Bad_Name"}}} {
		if srv, err := Start(opts); err == nil {
			_ = srv.Close()
			t.Errorf("%+v: got no error", opts)
		}
	}
}
