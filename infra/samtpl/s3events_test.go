package samtpl

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func TestS3Notifications(t *testing.T) {
	tpl, err := Parse([]byte(`
Parameters:
  Stage:
    Type: String
    Default: dev
Resources:
  Photos:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: !Sub photos-${Stage}
  Resize:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/resize
      Handler: bootstrap
      Events:
        Upload:
          Type: S3
          Properties:
            Bucket: !Ref Photos
            Events: s3:ObjectCreated:*
            Filter:
              S3Key:
                Rules:
                  - Name: prefix
                    Value: uploads/
                  - Name: Suffix
                    Value: .jpg
        Gone:
          Type: S3
          Properties:
            Bucket: !Ref Photos
            Events: [s3:ObjectRemoved:Delete, s3:ObjectCreated:Copy]
        Api:
          Type: HttpApi
          Properties:
            Path: /x
            Method: GET
`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := tpl.S3Notifications()
	if err != nil {
		t.Fatal(err)
	}
	want := []S3Notification{
		{Function: "Resize", Event: "Gone", Bucket: "photos-dev", Events: []string{"s3:ObjectRemoved:Delete", "s3:ObjectCreated:Copy"}},
		{Function: "Resize", Event: "Upload", Bucket: "photos-dev", Events: []string{"s3:ObjectCreated:*"}, Prefix: "uploads/", Suffix: ".jpg"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}

	upload, gone := got[1], got[0]
	tests := []struct {
		n                  S3Notification
		bucket, key, event string
		want               bool
	}{
		{upload, "photos-dev", "uploads/a/b.jpg", "ObjectCreated:Put", true},
		{upload, "photos-dev", "uploads/a/b.jpg", "ObjectCreated:CompleteMultipartUpload", true},
		{upload, "photos-dev", "uploads/a/b.png", "ObjectCreated:Put", false},
		{upload, "photos-dev", "images/a/b.jpg", "ObjectCreated:Put", false},
		{upload, "other", "uploads/a/b.jpg", "ObjectCreated:Put", false},
		{upload, "photos-dev", "uploads/a/b.jpg", "ObjectRemoved:Delete", false},
		{gone, "photos-dev", "anything", "ObjectCreated:Copy", true},
		{gone, "photos-dev", "anything", "ObjectCreated:Put", false},
		{gone, "photos-dev", "anything", "ObjectRemoved:Delete", true},
	}
	for _, tt := range tests {
		if got := tt.n.Matches(tt.bucket, tt.key, tt.event); got != tt.want {
			t.Errorf("%s.Matches(%s, %s, %s): got %v, want %v", tt.n.Event, tt.bucket, tt.key, tt.event, got, tt.want)
		}
	}
}

func TestS3NotificationErrors(t *testing.T) {
	tests := []struct{ name, props, want string }{
		{"no bucket", "Events: s3:ObjectCreated:*", "without Bucket"},
		{"no events", "Bucket: b", "without Events"},
		{"not an s3 event type", "{Bucket: b, Events: ObjectCreated}", "want an s3 event type"},
		{"unknown rule", "{Bucket: b, Events: 's3:ObjectCreated:*', Filter: {S3Key: {Rules: [{Name: middle, Value: x}]}}}", "want prefix or suffix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl, err := Parse([]byte(`
Resources:
  F:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: f
      Events:
        E:
          Type: S3
          Properties:
            `+tt.props+"\n"), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tpl.S3Notifications(); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestRealTemplateImagesPipeline checks the wiring of the image pipeline in
// template.yaml: uploads/ of the images bucket notify the ImagesFunction,
// which names the bucket instead of referencing it, and the CSP lets the
// browser upload to the bucket's regional host.
func TestRealTemplateImagesPipeline(t *testing.T) {
	tpl, err := LoadDefault(Options{Parameters: map[string]string{"Stage": "local"}, AccountID: "000000000000"})
	if err != nil {
		t.Fatal(err)
	}
	images, ok := tpl.Bucket("ImagesBucket")
	if !ok {
		t.Fatal("ImagesBucket missing")
	}
	list, err := tpl.S3Notifications()
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, n := range list {
		if n.Function == "ImagesFunction" {
			found = true
			if !n.Matches(images.Name, "uploads/A/B", "ObjectCreated:Put") || n.Matches(images.Name, "images/products/A/B-card.jpg", "ObjectCreated:Put") {
				t.Errorf("got %+v, want uploads/ of %s only", n, images.Name)
			}
		}
	}
	if !found {
		t.Fatal("no S3 event of ImagesFunction")
	}
	fn, _ := tpl.Function("ImagesFunction")
	if fn.Env["IMAGES_BUCKET"] != images.Name {
		t.Errorf("IMAGES_BUCKET: got %q, want %q", fn.Env["IMAGES_BUCKET"], images.Name)
	}
	h, err := tpl.SecurityHeaders()
	if err != nil {
		t.Fatal(err)
	}
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self' https://api.stripe.com https://"+images.Name+".s3.eu-central-2.amazonaws.com;") {
		t.Errorf("got CSP %q, want the bucket's regional host in connect-src", csp)
	}
}

// TestImagesFunctionDoesNotReferenceItsBucket guards against the classic
// circular dependency of an S3-triggered function: the bucket's
// notification depends on the function, so nothing of the function (its
// environment, its policies) may Ref or GetAtt the bucket; only the
// event's Bucket does. Checked on the raw template, before resolution.
func TestImagesFunctionDoesNotReferenceItsBucket(t *testing.T) {
	root, err := ModuleRoot("")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, TemplateFile))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if err := expandShortForm(&doc); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Resources map[string]struct {
			Properties map[string]any `yaml:"Properties"`
		} `yaml:"Resources"`
	}
	if err := doc.Decode(&raw); err != nil {
		t.Fatal(err)
	}
	props := raw.Resources["ImagesFunction"].Properties
	if props == nil {
		t.Fatal("ImagesFunction missing")
	}
	delete(props, "Events")
	out, err := yaml.Marshal(props)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "ImagesBucket") {
		t.Errorf("ImagesFunction refers to ImagesBucket outside its event:\n%s", out)
	}
}
