package contactreq_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/contactreq"
)

// TestUnreadCountUnderConcurrentReadsAndDeletes races marks (read and
// unread, repeated) and deletes of the same requests, and sends, and then
// checks that the counter equals the unread requests that remain.
func TestUnreadCountUnderConcurrentReadsAndDeletes(t *testing.T) {
	c := newCloud(t)
	seller, sellerTok := c.user(t, auth.RoleUser, "busy@example.ch", "de")
	ad := c.ad(t, seller, true)
	const n = 24
	ids := make([]string, n)
	for i := range ids {
		ids[i] = newID()
		if err := c.store.Create(t.Context(), contactreq.Request{
			ID: ids[i], SellerID: seller, AdID: ad, AdTitle: "t", Name: "n", Email: "b@example.ch", Message: "m",
			CreatedAt: time.Now().Add(time.Duration(i) * time.Millisecond),
		}); err != nil {
			t.Fatal(err)
		}
	}
	if b := c.list(t, sellerTok, "?limit=1"); b.UnreadCount != n {
		t.Fatalf("before: got %d unread, want %d", b.UnreadCount, n)
	}

	base := "/api/v1/contact-request/"
	var wg sync.WaitGroup
	var mu sync.Mutex
	var unexpected []string
	run := func(method, id string, body any, ok ...int) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := c.do(t, method, base+id, sellerTok, "192.0.2.60", body)
			for _, s := range ok {
				if r.Status == s {
					return
				}
			}
			mu.Lock()
			unexpected = append(unexpected, fmt.Sprintf("%s %s: %d %s", method, id, r.Status, r.Body))
			mu.Unlock()
		}()
	}
	read, unread := map[string]bool{"read": true}, map[string]bool{"read": false}
	for i, id := range ids {
		run("PATCH", id, read, 200, 404)
		run("PATCH", id, read, 200, 404)
		if i%2 == 0 {
			run("DELETE", id, nil, 204, 404)
		}
		if i%3 == 0 {
			run("PATCH", id, unread, 200, 404)
		}
		if i%4 == 0 {
			run("PATCH", id, map[string]bool{"archived": true, "read": true}, 200, 404)
		}
		run("GET", id, nil, 200, 404)
	}
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.store.Create(t.Context(), contactreq.Request{
				ID: newID(), SellerID: seller, AdID: ad, AdTitle: "t", Name: "n", Email: "b@example.ch", Message: "m", CreatedAt: time.Now(),
			}); err != nil {
				mu.Lock()
				unexpected = append(unexpected, "create: "+err.Error())
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(unexpected) > 0 {
		t.Fatalf("unexpected answers:\n%s", strings.Join(unexpected, "\n"))
	}

	remaining, unreadLeft := 0, 0
	for _, folder := range []string{"", "?archived=true"} {
		query := folder
		for {
			b := c.list(t, sellerTok, query)
			for _, it := range b.Items {
				remaining++
				if !it.Read {
					unreadLeft++
				}
			}
			if b.NextCursor == nil {
				break
			}
			sep := "?"
			if folder != "" {
				sep = folder + "&"
			}
			query = sep + "cursor=" + *b.NextCursor
		}
	}
	if want := n - n/2 + 4; remaining != want {
		t.Errorf("remaining: got %d, want %d", remaining, want)
	}
	b := c.list(t, sellerTok, "?limit=1")
	if b.UnreadCount != unreadLeft || len(b.Categories) != unreadLeft {
		t.Errorf("counter: got %d (%d categories), want %d unread requests", b.UnreadCount, len(b.Categories), unreadLeft)
	}
}

func TestListPaginatesAndArchives(t *testing.T) {
	c := newCloud(t)
	seller, sellerTok := c.user(t, auth.RoleUser, "pages@example.ch", "fr")
	_, otherTok := c.user(t, auth.RoleUser, "other@example.ch", "fr")
	ad := c.ad(t, seller, true)
	base := time.Date(2026, 2, 3, 4, 5, 6, 0, time.UTC)
	var ids []string // oldest first
	for i := range 7 {
		id := newID()
		at := base.Add(time.Duration(i)*time.Second + time.Duration(i%2)*100*time.Millisecond)
		if err := c.store.Create(t.Context(), contactreq.Request{
			ID: id, SellerID: seller, AdID: ad, AdTitle: "t", Name: fmt.Sprint(i), Email: "b@example.ch", Message: "m", CreatedAt: at,
		}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	var got []string
	var sizes []int
	query := "?limit=3"
	var first *string
	for range 5 {
		b := c.list(t, sellerTok, query)
		sizes = append(sizes, len(b.Items))
		for _, it := range b.Items {
			got = append(got, it.ID)
		}
		if b.NextCursor == nil {
			break
		}
		if first == nil {
			first = b.NextCursor
		}
		query = "?limit=3&cursor=" + *b.NextCursor
	}
	if fmt.Sprint(sizes) != "[3 3 1]" {
		t.Errorf("page sizes: got %v, want [3 3 1]", sizes)
	}
	for i, id := range got {
		if want := ids[len(ids)-1-i]; id != want {
			t.Errorf("item %d: got %v, want %v (newest first)", i, id, want)
		}
	}
	// A cursor is bound to its seller and folder.
	for name, req := range map[string]struct{ token, query string }{
		"other seller":  {otherTok, "?limit=3&cursor=" + *first},
		"other folder":  {sellerTok, "?limit=3&archived=true&cursor=" + *first},
		"forged cursor": {sellerTok, "?cursor=abc.def"},
	} {
		r := c.do(t, "GET", "/api/v1/contact-request"+req.query, req.token, "192.0.2.70", nil)
		if r.Status != 400 || r.code() != apperr.CodeInvalidCursor {
			t.Errorf("%s: got %d %s, want 400 invalid_cursor", name, r.Status, r.Body)
		}
	}
	if r := c.do(t, "GET", "/api/v1/contact-request?limit=51", sellerTok, "192.0.2.70", nil); r.Status != 400 {
		t.Errorf("limit 51: got %d, want 400", r.Status)
	}

	// Archive two (one read first): the inbox keeps five, the unread
	// count follows the read state only; unarchiving brings one back.
	if r := c.do(t, "PATCH", "/api/v1/contact-request/"+ids[0], sellerTok, "192.0.2.70", map[string]bool{"read": true}); r.Status != 200 {
		t.Fatalf("read: got %d %s", r.Status, r.Body)
	}
	for _, id := range ids[:2] {
		r := c.do(t, "PATCH", "/api/v1/contact-request/"+id, sellerTok, "192.0.2.70", map[string]bool{"archived": true})
		if r.Status != 200 {
			t.Fatalf("archive: got %d %s", r.Status, r.Body)
		}
	}
	inbox, archive := c.list(t, sellerTok, ""), c.list(t, sellerTok, "?archived=true")
	if len(inbox.Items) != 5 || len(archive.Items) != 2 || inbox.UnreadCount != 6 || archive.UnreadCount != 6 {
		t.Errorf("got inbox %d, archive %d, unread %d, want 5, 2, 6", len(inbox.Items), len(archive.Items), inbox.UnreadCount)
	}
	r := c.do(t, "PATCH", "/api/v1/contact-request/"+ids[1], sellerTok, "192.0.2.70", map[string]bool{"archived": false, "read": true})
	var one map[string]any
	r.Decode(t, &one)
	if r.Status != 200 || one["archived"] != false || one["read"] != true {
		t.Errorf("unarchive: got %d %s", r.Status, r.Body)
	}
	if b := c.list(t, sellerTok, ""); len(b.Items) != 6 || b.UnreadCount != 5 {
		t.Errorf("after unarchive: got %d items, %d unread, want 6 and 5", len(b.Items), b.UnreadCount)
	}
	// Marking unread counts again; repeating a mark changes nothing.
	for range 2 {
		c.do(t, "PATCH", "/api/v1/contact-request/"+ids[0], sellerTok, "192.0.2.70", map[string]bool{"read": false})
	}
	if b := c.list(t, sellerTok, ""); b.UnreadCount != 6 {
		t.Errorf("after unread: got %d, want 6", b.UnreadCount)
	}
	if r := c.do(t, "PATCH", "/api/v1/contact-request/"+ids[0], sellerTok, "192.0.2.70", map[string]any{}); r.Status != 400 {
		t.Errorf("empty patch: got %d, want 400", r.Status)
	}
}
