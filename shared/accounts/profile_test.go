package accounts_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/testcloud"
)

func avatarPNG(t *testing.T, side int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for x := range side {
		for y := range side {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func (c *cloud) upload(t *testing.T, token, field string, data []byte) testcloud.Response {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, err := w.CreateFormFile(field, "me.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/auth/upload-profile", &b)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return c.serve(t, req, token)
}

func TestUploadProfileAndUpdateInfo(t *testing.T) {
	c := newCloud(t)
	tok := c.verifiedUser(t, "pic@example.ch")
	r := c.upload(t, tok, "image", avatarPNG(t, 100))
	user, _ := r.JSON["user"].(map[string]any)
	first, _ := user["avatar"].(string)
	if r.Status != 200 || !strings.HasPrefix(first, "/images/avatars/") || !strings.HasSuffix(first, ".jpg") {
		t.Fatalf("upload: got %d %s", r.Status, r.Body)
	}
	r = c.upload(t, tok, "image", avatarPNG(t, 80))
	second, _ := r.JSON["user"].(map[string]any)["avatar"].(string)
	if r.Status != 200 || second == first {
		t.Fatalf("second upload: got %d %s", r.Status, r.Body)
	}
	if _, err := c.s3.HeadObject(t.Context(), &s3.HeadObjectInput{Bucket: aws.String(c.bucket), Key: aws.String(strings.TrimPrefix(second, "/"))}); err != nil {
		t.Errorf("new avatar: got %v, want stored", err)
	}
	if _, err := c.s3.HeadObject(t.Context(), &s3.HeadObjectInput{Bucket: aws.String(c.bucket), Key: aws.String(strings.TrimPrefix(first, "/"))}); err == nil {
		t.Error("old avatar: still stored, want deleted")
	}
	for name, tt := range map[string]struct {
		field  string
		data   []byte
		reason string
	}{
		"text":     {"image", []byte("hello, not an image"), "unsupported_type"},
		"no field": {"photo", avatarPNG(t, 100), "missing"},
		"tiny":     {"image", avatarPNG(t, 10), "too_small"},
	} {
		r := c.upload(t, tok, tt.field, tt.data)
		params, _ := r.JSON["error"].(map[string]any)["params"].(map[string]any)
		if r.Status != 400 || r.Code() != "image_processing_failed" || params["reason"] != tt.reason {
			t.Errorf("%s: got %d %s, want image_processing_failed %s", name, r.Status, r.Body, tt.reason)
		}
	}

	r = c.do(t, "PATCH", "/api/v1/auth/update-info", tok, map[string]any{"firstName": " Anne ", "phone": "079 000 11 22", "language": "it"})
	user, _ = r.JSON["user"].(map[string]any)
	if r.Status != 200 || r.JSON["message"] != "profile_updated" || user["firstName"] != "Anne" || user["lastName"] != "Muster" ||
		user["language"] != "it" || user["avatar"] != second {
		t.Errorf("update: got %d %s", r.Status, r.Body)
	}
	r = c.do(t, "PATCH", "/api/v1/auth/update-info", tok, map[string]any{"firstName": "", "phone": "x"})
	if r.Status != 400 || r.Code() != "validation_failed" {
		t.Errorf("invalid update: got %d %s", r.Status, r.Body)
	}
	r = c.do(t, "PATCH", "/api/v1/auth/update-info", tok, map[string]any{"email": "new@example.ch"})
	if r.Status != 400 || r.Code() != "invalid_json" {
		t.Errorf("e-mail change: got %d %s, want invalid_json", r.Status, r.Body)
	}
}
