package catalog

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/input"
)

// CategoryInput is a new category. Slug is optional (made from the
// English name when empty); SortOrder nil places it after its last
// sibling; Parent "" makes it a top-level category.
type CategoryInput struct {
	Slug      string
	Parent    string
	SortOrder *int
	Names     map[string]string
	Hidden    bool
}

// CategoryPatch changes a category; nil fields and languages missing from
// Names stay as they are. Parent "" moves the category to the top level.
type CategoryPatch struct {
	Names     map[string]string
	Parent    *string
	SortOrder *int
	Hidden    *bool
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// category checks in and returns the category it describes (SortOrder 0
// when in leaves it to the tree). validation_failed names each bad field:
// slug, parent, sortOrder and names.<lang>.
func (in CategoryInput) category() (Category, error) {
	fields := map[string]string{}
	names := checkNames(in.Names, true, fields)
	slug := strings.TrimSpace(in.Slug)
	if slug == "" {
		slug = Slugify(names["en"])
	}
	if _, bad := fields["names.en"]; !bad || in.Slug != "" {
		switch {
		case slug == "":
			fields["slug"] = apperr.FieldRequired
		case len(slug) > SlugMax:
			fields["slug"] = apperr.FieldTooLong
		case len(slug) < SlugMin:
			fields["slug"] = apperr.FieldTooShort
		case !slugPattern.MatchString(slug):
			fields["slug"] = apperr.FieldInvalid
		}
	}
	parent := strings.TrimSpace(in.Parent)
	if len(parent) > SlugMax || (parent != "" && !slugPattern.MatchString(parent)) {
		fields["parent"] = apperr.FieldUnknownCategory
	}
	checkSortOrder(in.SortOrder, fields)
	if len(fields) > 0 {
		return Category{}, apperr.Validation(fields)
	}
	c := Category{Slug: slug, Parent: parent, Names: names, Hidden: in.Hidden}
	if in.SortOrder != nil {
		c.SortOrder = *in.SortOrder
	}
	return c, nil
}

// check validates p: validation_failed naming parent, sortOrder and
// names.<lang>, or names when it changes no language.
func (p CategoryPatch) check() error {
	fields := map[string]string{}
	if p.Names != nil {
		if len(p.Names) == 0 {
			fields["names"] = apperr.FieldRequired
		}
		checkNames(p.Names, false, fields)
	}
	if p.Parent != nil {
		parent := strings.TrimSpace(*p.Parent)
		if len(parent) > SlugMax || (parent != "" && !slugPattern.MatchString(parent)) {
			fields["parent"] = apperr.FieldUnknownCategory
		}
	}
	checkSortOrder(p.SortOrder, fields)
	if len(fields) > 0 {
		return apperr.Validation(fields)
	}
	return nil
}

// apply returns c changed by the checked p.
func (p CategoryPatch) apply(c Category) Category {
	out := c
	out.Names = maps.Clone(c.Names)
	if out.Names == nil {
		out.Names = map[string]string{}
	}
	for lang, name := range p.Names {
		out.Names[lang] = categoryNameText.Normalize(name)
	}
	if p.Parent != nil {
		out.Parent = strings.TrimSpace(*p.Parent)
	}
	if p.SortOrder != nil {
		out.SortOrder = *p.SortOrder
	}
	if p.Hidden != nil {
		out.Hidden = *p.Hidden
	}
	return out
}

// The text rules of category and brand names (package input).
var (
	categoryNameText = input.Text{Max: CategoryNameMax, Required: true}
	brandNameText    = input.Text{Max: BrandNameMax, Required: true}
)

// checkNames normalises names and records in fields (names.<lang>) a
// language that is not one of CategoryLanguages, and a name that
// categoryNameText refuses (empty, too long, control characters ...);
// all requires every language.
func checkNames(names map[string]string, all bool, fields map[string]string) map[string]string {
	out := map[string]string{}
	for lang, name := range names {
		key := "names." + lang
		if !slices.Contains(CategoryLanguages, lang) {
			fields[key] = apperr.FieldInvalid
			continue
		}
		name, code := categoryNameText.Clean(name)
		if code != "" {
			fields[key] = code
		}
		out[lang] = name
	}
	if all {
		for _, lang := range CategoryLanguages {
			if _, ok := names[lang]; !ok {
				fields["names."+lang] = apperr.FieldRequired
			}
		}
	}
	return out
}

func checkSortOrder(n *int, fields map[string]string) {
	if n != nil && (*n < 0 || *n > SortOrderMax) {
		fields["sortOrder"] = apperr.FieldOutOfRange
	}
}

// checkBrandName normalises name: validation_failed on name when
// brandNameText refuses it (empty, too long, control characters ...) or it
// has no letter or digit to make a slug of.
func checkBrandName(name string) (string, error) {
	name, field := brandNameText.Clean(name)
	if field == "" && Slugify(name) == "" {
		field = apperr.FieldInvalid
	}
	if field != "" {
		return "", apperr.Validation(map[string]string{"name": field})
	}
	return name, nil
}

// Slugify makes a key of a name as the seed does: lower-case, accents
// stripped, every run of anything but letters a-z and digits turned into
// one hyphen ("Villeroy & Boch" -> villeroy-boch, "Béton" -> beton).
func Slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range NormalizeName(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
