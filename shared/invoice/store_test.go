package invoice_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/invoice"
	"github.com/remat/remat/shared/money"
)

func validInvoice() invoice.Invoice {
	return invoice.Invoice{
		ID: "01JINV", Number: invoice.Number(2026, 7), IssuedAt: time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC),
		Seller:   invoice.Seller{Name: "Remat GmbH", Address: "Musterstrasse 1, 8000 Zürich", VATNumber: "CHE-123.456.789 MWST"},
		Customer: invoice.Customer{Name: "Anna Keller", Email: "anna@example.ch"},
		Lines:    []invoice.Line{{Description: invoice.Text{"de": "Pro, 12 Monate"}, Quantity: 1, UnitPriceRp: 29000, NetRp: 29000}},
		NetRp:    29000, VATRateBp: money.SwissVAT, VATRp: 2349, TotalRp: 31349,
		Currency: "CHF", PaymentMethod: "card", PaidAt: time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC), Language: "de",
	}
}

func TestKey(t *testing.T) {
	got, err := invoice.Key("u1", "i1")
	if err != nil || got != "private/invoices/u1/i1.pdf" {
		t.Errorf("got %v, %v, want private/invoices/u1/i1.pdf", got, err)
	}
	for _, ids := range [][2]string{{"", "i"}, {"u", ""}, {"u/x", "i"}, {"u", "../i"}, {"u", `a\b`}} {
		if _, err := invoice.Key(ids[0], ids[1]); !errors.Is(err, invoice.ErrInvalidKey) {
			t.Errorf("Key(%q, %q): got %v, want ErrInvalidKey", ids[0], ids[1], err)
		}
	}
}

func TestStoreS3(t *testing.T) {
	ctx := context.Background()
	client, bucket := testcloud.S3(t)
	store := invoice.NewStore(client, bucket)
	inv := validInvoice()

	key, err := store.Save(ctx, "user1", inv)
	if err != nil {
		t.Fatal(err)
	}
	if key != "private/invoices/user1/01JINV.pdf" {
		t.Errorf("key: got %v, want private/invoices/user1/01JINV.pdf", key)
	}
	obj, err := client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(obj.Body)
	_ = obj.Body.Close()
	if !bytes.HasPrefix(body, []byte("%PDF-")) || aws.ToString(obj.ContentType) != invoice.ContentType {
		t.Errorf("stored object: got %q, %d bytes starting %q, want application/pdf and a PDF",
			aws.ToString(obj.ContentType), len(body), body[:min(8, len(body))])
	}

	signed, err := store.PresignURL(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(signed)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if got := q.Get("X-Amz-Expires"); got != "300" {
		t.Errorf("X-Amz-Expires: got %v, want 300", got)
	}
	if q.Get("X-Amz-Signature") == "" || !strings.HasSuffix(u.Path, "/"+key) {
		t.Errorf("got %v, want a signed path-style URL for %s", signed, key)
	}
	resp, err := http.Get(signed)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Equal(got, body) {
		t.Errorf("GET presigned URL: got %d and %d bytes, want 200 and the PDF", resp.StatusCode, len(got))
	}

	for _, bad := range []string{"images/avatars/u/x.jpg", "private/invoices/../x.pdf", "private/invoices/u/x.txt"} {
		if _, err := store.PresignURL(ctx, bad); !errors.Is(err, invoice.ErrInvalidKey) {
			t.Errorf("PresignURL(%q): got %v, want ErrInvalidKey", bad, err)
		}
	}
}

func TestSaveRejectsInvalidInvoice(t *testing.T) {
	client, bucket := testcloud.S3(t)
	inv := validInvoice()
	inv.TotalRp = 1
	if _, err := invoice.NewStore(client, bucket).Save(context.Background(), "u", inv); !errors.Is(err, invoice.ErrInvalid) {
		t.Errorf("got %v, want ErrInvalid", err)
	}
}
