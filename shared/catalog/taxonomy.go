package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/langs"
)

// The administrators' editing of the category tree and the brand list
// (the back office's Categories and Brands screens, package admin). Both
// lists are changed the same way, by one generic editor (below): each
// change is decided on a consistent read of the whole list and committed
// with the bump of the list's version and its audit entry in one
// transaction, again on a fresh read when another change came in between
// (items and access patterns: taxonomy_store.go). What differs between
// the two lists is their rules: taxonomy_categories.go and
// taxonomy_brands.go.

// CategoryLanguages are the languages every category is named in.
var CategoryLanguages = langs.All

// Bounds of the taxonomy's input.
const (
	// CategoryNameMax bounds a category's name in each language, and
	// BrandNameMax a brand's name (Unicode code points, trimmed).
	CategoryNameMax = 60
	BrandNameMax    = 60
	// SlugMin and SlugMax bound a category slug.
	SlugMin = 2
	SlugMax = 60
	// SortOrderMax bounds a category's sort order (0..SortOrderMax).
	SortOrderMax = 1_000_000
	// sortStep spaces the sort orders of new categories, leaving room to
	// slot one in between.
	sortStep = 10
)

// Audit target types and actions of the taxonomy.
const (
	AuditTargetCategory = "category"
	AuditTargetBrand    = "brand"

	ActionCategoryCreate = "category.create"
	ActionCategoryUpdate = "category.update"
	ActionCategoryDelete = "category.delete"
	ActionBrandCreate    = "brand.create"
	ActionBrandRename    = "brand.rename"
	ActionBrandDelete    = "brand.delete"
)

// CategoryUsage is a category of the back office's tree: the category and
// how many indexed ads (active ads of active sellers) are in it, its
// sub-categories' included.
type CategoryUsage struct {
	Category
	Ads int64
}

// BrandUsage is a brand with the number of indexed ads the brand filter
// finds under it.
type BrandUsage struct {
	Brand
	Ads int64
}

// Taxonomy implements the administrators' changes of the category tree
// and the brand list, each recorded with package audit in its own
// transaction. Safe for concurrent use.
type Taxonomy struct {
	store      *Store
	categories editor[Category]
	brands     editor[Brand]
}

// NewTaxonomy returns a Taxonomy on store's table.
func NewTaxonomy(store *Store, recorder *audit.Recorder) *Taxonomy {
	return &Taxonomy{
		store:      store,
		categories: editor[Category]{list: categoryList, store: store, recorder: recorder},
		brands:     editor[Brand]{list: brandList, store: store, recorder: recorder},
	}
}

// list describes one list of the taxonomy to the editor.
type list[T any] struct {
	// pk is the partition of its items, verAttr its counter on the
	// version item and version reads that counter.
	pk      string
	verAttr string
	version func(TaxonomyVersion) int64
	// target is its audit target type (also the noun of messages);
	// onCreate, onChange and onDelete are its audit actions.
	target                       string
	onCreate, onChange, onDelete string
	// notFound is the code of an unknown slug, taken of a slug in use.
	notFound, taken apperr.Code
	// slug is an entry's key, attrs its item's attributes besides the
	// key, audited what the audit log keeps of it, and diff the fields
	// two versions differ in (after empty: none).
	slug    func(T) string
	attrs   func(T) map[string]types.AttributeValue
	audited func(T) map[string]any
	diff    func(old, cur T) (before, after map[string]any)
	// order sorts a fresh read (nil: key order).
	order func([]T)
}

// snapshot is a list as read for a change: its entries and the version
// they were read at.
type snapshot[T any] struct {
	ver     int64
	entries []T
	slug    func(T) string
}

// find returns the entry slug.
func (sn snapshot[T]) find(slug string) (T, bool) {
	i := slices.IndexFunc(sn.entries, func(v T) bool { return sn.slug(v) == slug })
	if i < 0 {
		var zero T
		return zero, false
	}
	return sn.entries[i], true
}

// editor reads and changes one list of the taxonomy.
type editor[T any] struct {
	list[T]
	store    *Store
	recorder *audit.Recorder
}

// read returns the whole list with its version, both read consistently.
func (e editor[T]) read(ctx context.Context) (snapshot[T], error) {
	v, err := e.store.TaxonomyVersion(ctx, true)
	if err != nil {
		return snapshot[T]{}, err
	}
	entries, err := listItems[T](ctx, e.store, e.pk, true)
	if err != nil {
		return snapshot[T]{}, err
	}
	if e.order != nil {
		e.order(entries)
	}
	return snapshot[T]{ver: e.version(v), entries: entries, slug: e.slug}, nil
}

// create adds v unless its slug is taken, after complete has checked it
// against the list (and may fill in what depends on it).
func (e editor[T]) create(ctx context.Context, actor audit.Actor, v T, complete func(snapshot[T], T) (T, error)) (T, error) {
	slug := e.slug(v)
	var out T
	err := e.change(ctx, e.onCreate, slug, func(sn snapshot[T]) error {
		if _, taken := sn.find(slug); taken {
			return e.errTaken(slug)
		}
		v, err := complete(sn, v)
		if err != nil {
			return err
		}
		out = v
		return e.commit(ctx, actor, e.onCreate, sn.ver, taxonomyWrite{slug: slug, attrs: e.attrs(v), create: true},
			nil, e.audited(v))
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}

// update replaces entry slug with what edit makes of it (checked against
// the list); a change that alters nothing writes nothing.
func (e editor[T]) update(ctx context.Context, actor audit.Actor, slug string, edit func(sn snapshot[T], old T) (T, error)) (T, error) {
	var out T
	err := e.change(ctx, e.onChange, slug, func(sn snapshot[T]) error {
		old, ok := sn.find(slug)
		if !ok {
			return e.errNotFound(slug)
		}
		v, err := edit(sn, old)
		if err != nil {
			return err
		}
		before, after := e.diff(old, v)
		if len(after) == 0 {
			out = old
			return nil
		}
		out = v
		return e.commit(ctx, actor, e.onChange, sn.ver, taxonomyWrite{slug: slug, attrs: e.attrs(v)}, before, after)
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}

// remove deletes entry slug once check allows it.
func (e editor[T]) remove(ctx context.Context, actor audit.Actor, slug string, check func(sn snapshot[T], old T) error) error {
	return e.change(ctx, e.onDelete, slug, func(sn snapshot[T]) error {
		old, ok := sn.find(slug)
		if !ok {
			return e.errNotFound(slug)
		}
		if err := check(sn, old); err != nil {
			return err
		}
		return e.commit(ctx, actor, e.onDelete, sn.ver, taxonomyWrite{slug: slug}, e.audited(old), nil)
	})
}

// change runs attempt on a fresh read of the list, again while its commit
// loses to another change of the list (errRaced), at most maxAttempts
// times.
func (e editor[T]) change(ctx context.Context, action, slug string, attempt func(snapshot[T]) error) error {
	for range maxAttempts {
		sn, err := e.read(ctx)
		if err != nil {
			return err
		}
		if err := attempt(sn); !errors.Is(err, errRaced) {
			return err
		}
	}
	return apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: %s: too many concurrent changes", e.what(action, slug)))
}

// commit writes w (its key, version and audit entry filled in here) for
// the list read at version seen. It returns errRaced when the version
// moved, the list's not-found or taken error when the item vanished or
// appeared meanwhile.
func (e editor[T]) commit(ctx context.Context, actor audit.Actor, action string, seen int64, w taxonomyWrite, before, after map[string]any) error {
	what := e.what(action, w.slug)
	put, _, err := e.recorder.TransactItem(audit.Change{
		Actor: actor, Action: action, TargetType: e.target, TargetID: w.slug, Before: before, After: after,
	})
	if err != nil {
		return fmt.Errorf("catalog: %s: audit entry: %w", what, err)
	}
	w.pk, w.verAttr, w.seen, w.audit = e.pk, e.verAttr, seen, put
	err = e.store.commitTaxonomy(ctx, w)
	switch {
	case errors.Is(err, errItemCondition) && w.create:
		return e.errTaken(w.slug)
	case errors.Is(err, errItemCondition):
		return apperr.New(e.notFound, fmt.Errorf("catalog: %s %s is gone", e.target, w.slug))
	case errors.Is(err, errRaced):
		return err
	case err != nil:
		return fmt.Errorf("catalog: %s: %w", what, err)
	}
	return nil
}

// what names a change in errors: "update category roofing".
func (e editor[T]) what(action, slug string) string {
	_, verb, _ := strings.Cut(action, ".")
	return verb + " " + e.target + " " + slug
}

func (e editor[T]) errNotFound(slug string) error {
	return apperr.New(e.notFound, fmt.Errorf("catalog: %s %q", e.target, slug))
}

func (e editor[T]) errTaken(slug string) error {
	return apperr.New(e.taken, fmt.Errorf("catalog: %s %s exists", e.target, slug))
}
