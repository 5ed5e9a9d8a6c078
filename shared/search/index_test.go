package search

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/ddb"
)

func TestCountChanges(t *testing.T) {
	tests := []struct {
		name     string
		old, cur []string
		want     []string // member:delta, in order
	}{
		{"first record", nil, []string{"a", "b"}, []string{"a:1", "b:1"}},
		{"removed", []string{"a", "b"}, nil, []string{"a:-1", "b:-1"}},
		{"same set", []string{"a", "b"}, []string{"b", "a"}, nil},
		{"moved", []string{"a", "b", "c"}, []string{"c", "d", "a"}, []string{"b:-1", "d:1"}},
		{"nothing", nil, nil, nil},
	}
	for _, tt := range tests {
		items := countChanges(tt.old, tt.cur, func(m string, delta int64) *types.Update {
			return countUpdate("tbl", pkCount, m, typeCount, delta)
		})
		var got []string
		for _, it := range items {
			u := it.Update
			sk := u.Key[ddb.AttrSK].(*types.AttributeValueMemberS).Value
			d := u.ExpressionAttributeValues[":d"].(*types.AttributeValueMemberN).Value
			got = append(got, sk+":"+d)
			if pk := u.Key[ddb.AttrPK].(*types.AttributeValueMemberS).Value; pk != pkCount || *u.TableName != "tbl" {
				t.Errorf("%s: update of %s/%s in %s, want %s/%s in tbl", tt.name, pk, sk, *u.TableName, pkCount, sk)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: countChanges(%v, %v): got %v, want %v", tt.name, tt.old, tt.cur, got, tt.want)
		}
	}
}

// TestCommitSetVersionGuard runs against DynamoDB Local: a commit applies
// its count changes only when the recorded set is as read, so a replay or
// a racing commit changes no count and yields ErrConcurrentIndex.
func TestCommitSetVersionGuard(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	key := ddb.Key(adPK("g1"), skTerms)
	item := func(ver int64, terms ...string) termsItem {
		return termsItem{PK: adPK("g1"), SK: skTerms, Type: typeTerms, Terms: terms, PostingSK: "p", Ver: ver}
	}
	commit := func(found bool, ver int64, old, cur []string, next any) error {
		changes := countChanges(old, cur, func(m string, delta int64) *types.Update {
			return countUpdate(table, pkCount, m, typeCount, delta)
		})
		return commitSet(ctx, db, table, recordedSet{key: key, found: found, ver: ver}, changes, next)
	}
	steps := []struct {
		name       string
		found      bool
		ver        int64
		old, cur   []string
		next       any
		wantErr    error
		wantCounts string // of x, y, z after the step
	}{
		{"record", false, 0, nil, []string{"x", "y"}, item(1, "x", "y"), nil, "map[x:1 y:1]"},
		{"replayed record", false, 0, nil, []string{"x", "y"}, item(1, "x", "y"), ErrConcurrentIndex, "map[x:1 y:1]"},
		{"move", true, 1, []string{"x", "y"}, []string{"y", "z"}, item(2, "y", "z"), nil, "map[y:1 z:1]"},
		{"stale move", true, 1, []string{"x", "y"}, []string{"x"}, item(2, "x"), ErrConcurrentIndex, "map[y:1 z:1]"},
		{"delete", true, 2, []string{"y", "z"}, nil, nil, nil, "map[]"},
		{"replayed delete", true, 2, []string{"y", "z"}, nil, nil, ErrConcurrentIndex, "map[]"},
	}
	for _, s := range steps {
		err := commit(s.found, s.ver, s.old, s.cur, s.next)
		if !errors.Is(err, s.wantErr) {
			t.Fatalf("%s: got error %v, want %v", s.name, err, s.wantErr)
		}
		cache.forget(table, []string{"x", "y", "z"}) // read the counts, not the cache
		got := counts(t, db, table, "x", "y", "z")
		for k, n := range got {
			if n == 0 {
				delete(got, k)
			}
		}
		if fmt.Sprint(got) != s.wantCounts {
			t.Errorf("%s: counts: got %v, want %s", s.name, got, s.wantCounts)
		}
	}
	var rec termsItem
	found, err := ddb.Get(ctx, db, table, key, &rec)
	if err != nil || found {
		t.Errorf("set after delete: found %v (%+v), error %v; want none", found, rec, err)
	}
}

func TestTermSteps(t *testing.T) {
	seq := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return out
	}
	tests := []struct {
		name     string
		old, cur []string
		limit    int
		want     []string // each step's set, members joined
	}{
		{"within the limit: one step", []string{"a", "b"}, []string{"b", "c"}, 2, []string{"[b c]"}},
		{"nothing to move", []string{"a"}, []string{"a"}, 2, []string{"[a]"}},
		{"first record, over the limit", nil, seq("n", 5), 2, []string{"[n0 n1]", "[n0 n1 n2 n3]", "[n0 n1 n2 n3 n4]"}},
		{"unindex, over the limit", seq("o", 3), nil, 2, []string{"[o2]", "[]"}},
		{"rewrite: removals first, then additions", []string{"k", "o0", "o1"}, []string{"n0", "k", "n1"}, 2,
			[]string{"[k]", "[n0 k n1]"}},
		{"rewrite in many steps", seq("o", 3), seq("n", 3), 2, []string{"[o2]", "[]", "[n0 n1]", "[n0 n1 n2]"}},
	}
	for _, tt := range tests {
		steps := termSteps(tt.old, tt.cur, tt.limit)
		var got []string
		from := tt.old
		for _, s := range steps {
			got = append(got, fmt.Sprint(s))
			if n := len(countChanges(from, s, func(string, int64) *types.Update { return nil })); n > tt.limit {
				t.Errorf("%s: a step of %d changes, limit %d", tt.name, n, tt.limit)
			}
			from = s
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: termSteps(%v, %v, %d): got %v, want %v", tt.name, tt.old, tt.cur, tt.limit, got, tt.want)
		}
	}
}

// TestIndexLongTitle runs against DynamoDB Local: an ad whose terms take
// more count changes than one transaction holds (a long title with brand,
// categories, place and condition, each term also counted under the
// condition) is indexed, rewritten and unindexed in steps, every count
// right at the end and nothing counted twice on a replay.
func TestIndexLongTitle(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	ad := Ad{
		ID: "long1", Brand: "Gasser Ceramic", CategoryPath: []string{"roof-tiles", "roofing"},
		Title: "Biberschwanzziegel Doppeldeckung naturrot engobiert Rundschnitt Gratziegel Firstziegel " +
			"Ortgangziegel Lüftungsziegel Sturmklammern",
		Condition: CondUsed, PriceRp: 45000, Canton: "ZH", Lat: zurich[0], Lon: zurich[1], PublishedAt: t0, SellerID: "u1",
	}
	terms := Terms(ad)
	if len(terms) <= maxCountChanges {
		t.Fatalf("the test ad has %d terms; it needs more than %d", len(terms), maxCountChanges)
	}
	for range 2 {
		if err := Index(ctx, db, table, ad); err != nil {
			t.Fatal(err)
		}
	}
	if ok, err := Current(ctx, db, table, ad, true); err != nil || !ok {
		t.Fatalf("after Index: Current = %v, %v; want true", ok, err)
	}
	cache.forget(table, terms)
	for term, n := range counts(t, db, table, terms...) {
		if n != 1 {
			t.Errorf("after Index: count %s: got %d, want 1", term, n)
		}
	}

	rewritten := ad
	rewritten.Title = "Plaques de plâtre cartonnées hydrofuges BA13 chants amincis lot complet chantier Lausanne"
	rewritten.Brand = "Rigips Saint-Gobain"
	if err := Index(ctx, db, table, rewritten); err != nil {
		t.Fatal(err)
	}
	if ok, err := Current(ctx, db, table, rewritten, true); err != nil || !ok {
		t.Fatalf("after the rewrite: Current = %v, %v; want true", ok, err)
	}
	newTerms := Terms(rewritten)
	cache.forget(table, slices.Concat(terms, newTerms))
	for term, n := range counts(t, db, table, slices.Concat(terms, newTerms)...) {
		if want := int64(0); slices.Contains(newTerms, term) {
			want = 1
			if n != want {
				t.Errorf("after the rewrite: count %s: got %d, want %d", term, n, want)
			}
		} else if n != want {
			t.Errorf("after the rewrite: count %s: got %d, want %d", term, n, want)
		}
	}

	if err := Unindex(ctx, db, table, Ad{ID: ad.ID}); err != nil {
		t.Fatal(err)
	}
	if ok, err := Current(ctx, db, table, rewritten, false); err != nil || !ok {
		t.Fatalf("after Unindex: Current(unindexed) = %v, %v; want true", ok, err)
	}
	cache.forget(table, newTerms)
	for term, n := range counts(t, db, table, newTerms...) {
		if n != 0 {
			t.Errorf("after Unindex: count %s: got %d, want 0", term, n)
		}
	}
}
