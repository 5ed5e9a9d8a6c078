// Package imageproc is the image pipeline of the catalogue: the images
// function runs it for every object the browser uploads to the images
// bucket's uploads/ prefix (an S3 ObjectCreated event).
//
// For an upload uploads/<adId>/<imageId> of a pending image it checks the
// object's size (HeadObject), reads it, lets package imaging validate it
// (sniffed type = declared type, pixel bound from the header, EXIF
// orientation applied, metadata dropped) and make the renditions (thumb,
// card and large JPEGs, and WebP renditions of the same pictures at the
// widths a srcset offers, encoded by package webpenc), writes them to the
// image's folder images/products/<adId>/<imageId>/ (immutable, served by
// CloudFront; catalog.WebPRenditionKey), and marks the image ready with
// their keys and sizes, or failed with imaging's reason. The upload is
// deleted in both cases: the raw bytes, with their EXIF and GPS, never
// outlive the processing.
//
// Every step can run twice (S3 delivers at least once; Lambda retries a
// failed invocation): an image that is no longer pending is left as it
// is, renditions are rewritten under the same keys. Rejections of the
// picture are handled (the image fails, nil is returned); infrastructure
// errors are returned, so the invocation fails and is retried.
package imageproc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/imaging/webpenc"
)

// Images is the part of the catalogue the pipeline uses; *catalog.Store
// implements it.
type Images interface {
	Image(ctx context.Context, adID, imageID string) (catalog.Image, error)
	MarkImageReady(ctx context.Context, adID, imageID string, keys catalog.ImageKeys, w, h int, now time.Time) error
	MarkImageFailed(ctx context.Context, adID, imageID, reason string, now time.Time) error
}

var _ Images = (*catalog.Store)(nil)

// Objects is the part of the S3 client the pipeline uses; *s3.Client
// implements it.
type Objects interface {
	HeadObject(ctx context.Context, in *s3.HeadObjectInput, optFns ...func(*s3.Options)) (*s3.HeadObjectOutput, error)
	GetObject(ctx context.Context, in *s3.GetObjectInput, optFns ...func(*s3.Options)) (*s3.GetObjectOutput, error)
	PutObject(ctx context.Context, in *s3.PutObjectInput, optFns ...func(*s3.Options)) (*s3.PutObjectOutput, error)
	DeleteObject(ctx context.Context, in *s3.DeleteObjectInput, optFns ...func(*s3.Options)) (*s3.DeleteObjectOutput, error)
}

var _ Objects = (*s3.Client)(nil)

// uploadsPrefix is the prefix of catalog.UploadKey: the only keys the
// pipeline ever deletes.
const uploadsPrefix = "uploads/"

// Processor runs the pipeline on one bucket. It is safe for concurrent
// use.
type Processor struct {
	images     Images
	objects    Objects
	blobs      *blob.Store
	bucket     string
	now        func() time.Time
	maxBytes   int64
	encodeWebP imaging.WebPEncoder
}

// New returns a Processor for the uploads of bucket; now is the clock of
// the images' state changes.
func New(images Images, objects Objects, bucket string, now func() time.Time) *Processor {
	return &Processor{
		images: images, objects: objects, blobs: blob.New(objects, bucket), bucket: bucket,
		now: now, maxBytes: imaging.ProductMaxBytes, encodeWebP: webpenc.Encode,
	}
}

// Outcome says what Process did with an upload.
type Outcome string

// Outcomes of Process.
const (
	// OutcomeReady: the renditions are written and the image is ready.
	OutcomeReady Outcome = "ready"
	// OutcomeFailed: the upload is not an acceptable picture; the image
	// failed with a reason.
	OutcomeFailed Outcome = "failed"
	// OutcomeSkipped: nothing to do (not an upload key, an unknown image,
	// an image no longer pending, an upload already gone).
	OutcomeSkipped Outcome = "skipped"
)

// Process handles the object key of the bucket. An error means a step
// could not be done (S3 or DynamoDB failed) and the whole may be retried.
func (p *Processor) Process(ctx context.Context, key string) (Outcome, error) {
	log := slog.With("key", key)
	adID, imageID, ok := catalog.ParseUploadKey(key)
	if !ok {
		if !strings.HasPrefix(key, uploadsPrefix) {
			log.WarnContext(ctx, "imageproc: not under uploads/; left alone")
			return OutcomeSkipped, nil
		}
		log.WarnContext(ctx, "imageproc: not an upload key; deleting it")
		return OutcomeSkipped, p.deleteUpload(ctx, key)
	}
	log = log.With("adId", adID, "imageId", imageID)

	img, err := p.images.Image(ctx, adID, imageID)
	switch {
	case errors.Is(err, catalog.ErrImageNotFound):
		log.InfoContext(ctx, "imageproc: no such image (deleted meanwhile); deleting the upload")
		return OutcomeSkipped, p.deleteUpload(ctx, key)
	case err != nil:
		return "", fmt.Errorf("imageproc: %s: %w", key, err)
	case img.State != catalog.ImagePending:
		log.InfoContext(ctx, "imageproc: image already processed; deleting the upload", "state", img.State)
		return OutcomeSkipped, p.deleteUpload(ctx, key)
	}

	head, err := p.objects.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(p.bucket), Key: aws.String(key)})
	if isNotFound(err) {
		log.InfoContext(ctx, "imageproc: upload gone")
		return OutcomeSkipped, nil
	}
	if err != nil {
		return "", fmt.Errorf("imageproc: head %s: %w", key, err)
	}
	if size := aws.ToInt64(head.ContentLength); size > p.maxBytes {
		return p.fail(ctx, log, key, img, &imaging.ImageError{Reason: imaging.ReasonTooLarge, Err: fmt.Errorf("%d bytes", size)})
	}

	start := time.Now()
	obj, err := p.objects.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(p.bucket), Key: aws.String(key)})
	if isNotFound(err) {
		log.InfoContext(ctx, "imageproc: upload gone")
		return OutcomeSkipped, nil
	}
	if err != nil {
		return "", fmt.Errorf("imageproc: get %s: %w", key, err)
	}
	out, err := imaging.Product(obj.Body, img.ContentType, p.maxBytes, p.encodeWebP)
	_ = obj.Body.Close()
	var rejected *imaging.ImageError
	if errors.As(err, &rejected) {
		return p.fail(ctx, log, key, img, rejected)
	}
	if err != nil {
		return "", fmt.Errorf("imageproc: read %s: %w", key, err)
	}
	decoded := time.Since(start)

	keys, files, err := Files(adID, imageID, out)
	if err != nil {
		return "", fmt.Errorf("imageproc: %s: %w", key, err)
	}
	for _, f := range files {
		if err := p.blobs.Put(ctx, f.Key, f.ContentType, f.Data, blob.ImmutableCacheControl); err != nil {
			return "", fmt.Errorf("imageproc: %w", err)
		}
	}

	err = p.images.MarkImageReady(ctx, adID, imageID, keys, out.Large.Width, out.Large.Height, p.now())
	switch {
	case errors.Is(err, catalog.ErrImageNotFound), errors.Is(err, catalog.ErrProductNotFound), errors.Is(err, apperr.ErrConflict):
		// Deleted (or failed) while we worked: the renditions are orphans.
		log.InfoContext(ctx, "imageproc: image gone or no longer pending; deleting its renditions", "err", err.Error())
		for _, k := range keys.All() {
			if err := p.blobs.Delete(ctx, k); err != nil {
				return "", fmt.Errorf("imageproc: %w", err)
			}
		}
		return OutcomeSkipped, p.deleteUpload(ctx, key)
	case err != nil:
		return "", fmt.Errorf("imageproc: %s: %w", key, err)
	}
	log.InfoContext(ctx, "imageproc: image ready", "bytes", aws.ToInt64(head.ContentLength),
		"width", out.Large.Width, "height", out.Large.Height, "ms", decoded.Milliseconds())
	return OutcomeReady, p.deleteUpload(ctx, key)
}

// File is one rendition as it is written to S3.
type File struct {
	Key         string
	ContentType string
	Data        []byte
}

// webpNames are the names (catalog.WebPRenditionKey) of the WebP
// renditions of each role, narrowest first, as imaging.Product makes
// them; a role with fewer renditions (the large one of a small photo)
// takes the widest names.
var webpNames = struct{ thumb, card, large []string }{
	thumb: []string{catalog.RenditionThumbWebP},
	card:  []string{catalog.RenditionCardSmallWebP, catalog.RenditionCardWebP},
	large: []string{catalog.RenditionLargeSmallWebP, catalog.RenditionLargeWebP},
}

// Files lays out the renditions of image imageID of ad adID in the
// image's folder: the files to write and the keys (with the WebP sizes)
// to record on the image. The image pipeline and the demo seed both store
// their renditions through it. A role with more WebP renditions than it
// has names is an error.
func Files(adID, imageID string, out imaging.ProductRenditions) (catalog.ImageKeys, []File, error) {
	key := func(name string) string { return catalog.WebPRenditionKey(adID, imageID, name) }
	keys := catalog.ImageKeys{
		Thumb: key(catalog.RenditionThumbJPEG), Card: key(catalog.RenditionCardJPEG), Large: key(catalog.RenditionLargeJPEG),
	}
	files := []File{
		{Key: keys.Large, ContentType: imaging.ProductContentType, Data: out.Large.Data},
		{Key: keys.Card, ContentType: imaging.ProductContentType, Data: out.Card.Data},
		{Key: keys.Thumb, ContentType: imaging.ProductContentType, Data: out.Thumb.Data},
	}
	for _, role := range []struct {
		renditions []imaging.Rendition
		names      []string
		dst        *[]catalog.Variant
	}{
		{out.LargeWebP, webpNames.large, &keys.LargeWebP},
		{out.CardWebP, webpNames.card, &keys.CardWebP},
		{out.ThumbWebP, webpNames.thumb, &keys.ThumbWebP},
	} {
		if len(role.renditions) > len(role.names) {
			return catalog.ImageKeys{}, nil, fmt.Errorf("%d WebP renditions of one role, want at most %d", len(role.renditions), len(role.names))
		}
		names := role.names[len(role.names)-len(role.renditions):]
		for i, r := range role.renditions {
			*role.dst = append(*role.dst, catalog.Variant{Key: key(names[i]), Width: r.Width, Height: r.Height})
			files = append(files, File{Key: key(names[i]), ContentType: imaging.WebPContentType, Data: r.Data})
		}
	}
	return keys, files, nil
}

// fail marks img failed with the rejection's reason and deletes the upload.
func (p *Processor) fail(ctx context.Context, log *slog.Logger, key string, img catalog.Image, rejected *imaging.ImageError) (Outcome, error) {
	reason := string(rejected.Reason)
	err := p.images.MarkImageFailed(ctx, img.AdID, img.ID, reason, p.now())
	switch {
	case errors.Is(err, catalog.ErrImageNotFound), errors.Is(err, catalog.ErrProductNotFound), errors.Is(err, apperr.ErrConflict):
		log.InfoContext(ctx, "imageproc: image gone or no longer pending", "err", err.Error())
	case err != nil:
		return "", fmt.Errorf("imageproc: %s: %w", key, err)
	default:
		log.InfoContext(ctx, "imageproc: image refused", "reason", reason, "cause", rejected.Error())
	}
	return OutcomeFailed, p.deleteUpload(ctx, key)
}

func (p *Processor) deleteUpload(ctx context.Context, key string) error {
	if _, err := p.objects.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(p.bucket), Key: aws.String(key)}); err != nil {
		return fmt.Errorf("imageproc: delete upload %s: %w", key, err)
	}
	return nil
}

// isNotFound reports whether err is S3's answer for a missing object
// (NotFound for HeadObject, NoSuchKey for GetObject).
func isNotFound(err error) bool {
	var nf *s3types.NotFound
	var nsk *s3types.NoSuchKey
	return errors.As(err, &nf) || errors.As(err, &nsk)
}
