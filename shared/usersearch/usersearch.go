// Package usersearch is the administrators' index of accounts: a
// case- and accent-insensitive prefix search on e-mail, first name, last
// name and company name, without Scan.
//
// Items:
//
//	Term     PK = USERIX#<first rune of term>   SK = <term>#<uid>   type = UserSearchTerm
//	         uid, terms (every term of the user, for multi-word queries)
//	Doc      PK = USER#<uid>                    SK = USERIX         type = UserSearchDoc
//	         terms: what is indexed now, so a change removes stale terms
//
// Terms of a user: the folded e-mail (search.Fold: lower case, accents
// stripped), the words of its local part, and the words of the first
// name, last name and company name ("Müller-Lüdenscheidt" ->
// "muller", "ludenscheidt").
//
// Access patterns:
//
//	Index a user (sign-up, profile change, backfill)
//	    GetItem USER#uid/USERIX, then TransactWriteItems [Put doc IF terms
//	    unchanged (or absent), Put every term, Delete the stale ones]
//	Search
//	    Query PK=USERIX#<first rune> begins_with(SK, <longest query word>)
//	    (or the whole folded query when it has an "@": an e-mail prefix),
//	    then in memory: every other query word must prefix one of the
//	    user's terms, and a user is returned once, at its first matching
//	    term. Results come in term order, paginated with a signed cursor.
//
// The index is derived data: accounts keep it in step after each write
// (best effort; a failure is logged) and Sync can rebuild any user's
// entry at any time (the seed's backfill does so for every user).
package usersearch

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/search"
)

const (
	termPKPrefix = "USERIX#"
	docPKPrefix  = "USER#"
	skDoc        = "USERIX"
	typeTerm     = "UserSearchTerm"
	typeDoc      = "UserSearchDoc"
	// maxTerms bounds a user's terms (and so the sync transaction).
	maxTerms = 24
	// maxTermBytes bounds one term (long names are cut).
	maxTermBytes = 200
	// maxTries bounds the retries of a sync that raced another.
	maxTries = 4
)

// Doc is what is searchable of a user.
type Doc struct {
	UserID    string
	Email     string
	FirstName string
	LastName  string
	Company   string
}

// Terms returns the index terms of d (deduplicated, sorted, at most
// maxTerms).
func Terms(d Doc) []string {
	var out []string
	add := func(t string) {
		if len(t) > maxTermBytes {
			t = t[:maxTermBytes]
			for !utf8.ValidString(t) {
				t = t[:len(t)-1]
			}
		}
		if t != "" && !slices.Contains(out, t) && len(out) < maxTerms {
			out = append(out, t)
		}
	}
	email := strings.TrimSpace(search.Fold(d.Email))
	add(email)
	local, _, _ := strings.Cut(email, "@")
	for _, text := range []string{local, d.FirstName, d.LastName, d.Company} {
		for _, w := range Words(text) {
			add(w)
		}
	}
	slices.Sort(out)
	return out
}

// Words folds s and splits it into runs of letters and digits.
func Words(s string) []string {
	return strings.FieldsFunc(search.Fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// QueryAPI is what Search needs.
type QueryAPI interface {
	Query(ctx context.Context, in *dynamodb.QueryInput, optFns ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
}

type termItem struct {
	PK    string   `dynamodbav:"PK"`
	SK    string   `dynamodbav:"SK"`
	Type  string   `dynamodbav:"type"`
	UID   string   `dynamodbav:"uid"`
	Terms []string `dynamodbav:"terms"`
}

func termKey(term, uid string) (string, string) {
	r, _ := utf8.DecodeRuneInString(term)
	return termPKPrefix + string(r), term + "#" + uid
}

// Sync brings the index entry of d.UserID in line with d. It is
// idempotent; two syncs of one user that race each other both end with
// the terms of the one that wrote last.
func Sync(ctx context.Context, db ddb.API, table string, d Doc) error {
	want := Terms(d)
	for range maxTries {
		out, err := db.GetItem(ctx, &dynamodb.GetItemInput{
			TableName: aws.String(table), Key: ddb.Key(docPKPrefix+d.UserID, skDoc), ConsistentRead: aws.Bool(true),
		})
		if err != nil {
			return fmt.Errorf("usersearch: read terms of %s: %w", d.UserID, err)
		}
		var doc struct {
			Terms []string `dynamodbav:"terms"`
		}
		if err := attributevalue.UnmarshalMap(out.Item, &doc); err != nil {
			return fmt.Errorf("usersearch: decode terms of %s: %w", d.UserID, err)
		}
		if out.Item != nil && slices.Equal(doc.Terms, want) {
			return nil // indexed already
		}
		cond := "attribute_not_exists(PK)"
		values := map[string]types.AttributeValue{}
		if out.Item != nil {
			cond = "terms = :old"
			values[":old"] = out.Item["terms"]
		}
		docAV, err := attributevalue.MarshalMap(map[string]any{
			ddb.AttrPK: docPKPrefix + d.UserID, ddb.AttrSK: skDoc, ddb.AttrType: typeDoc, "terms": want,
		})
		if err != nil {
			return fmt.Errorf("usersearch: marshal terms of %s: %w", d.UserID, err)
		}
		put := &types.Put{TableName: aws.String(table), Item: docAV, ConditionExpression: aws.String(cond)}
		if len(values) > 0 {
			put.ExpressionAttributeValues = values
		}
		items := []types.TransactWriteItem{{Put: put}}
		for _, t := range want {
			pk, sk := termKey(t, d.UserID)
			av, err := attributevalue.MarshalMap(termItem{PK: pk, SK: sk, Type: typeTerm, UID: d.UserID, Terms: want})
			if err != nil {
				return fmt.Errorf("usersearch: marshal term of %s: %w", d.UserID, err)
			}
			items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: aws.String(table), Item: av}})
		}
		for _, t := range doc.Terms {
			if !slices.Contains(want, t) {
				pk, sk := termKey(t, d.UserID)
				items = append(items, types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String(table), Key: ddb.Key(pk, sk)}})
			}
		}
		_, err = db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		if _, cancelled := ddb.CancellationReasons(err); cancelled {
			continue // another sync of this user won the race: read again
		}
		if err != nil {
			return fmt.Errorf("usersearch: index %s: %w", d.UserID, err)
		}
		return nil
	}
	return fmt.Errorf("usersearch: index %s: %w", d.UserID, errors.New("too many concurrent changes"))
}

// Deletes returns the transaction actions that remove d's entry as Sync
// writes it (the doc and every term of d), for a transaction that undoes
// the creation of the user: deleting what is not there is no error, and
// every key names d.UserID, so no other user's entry is touched.
func Deletes(table string, d Doc) []types.TransactWriteItem {
	items := []types.TransactWriteItem{{Delete: &types.Delete{TableName: aws.String(table), Key: ddb.Key(docPKPrefix+d.UserID, skDoc)}}}
	for _, t := range Terms(d) {
		pk, sk := termKey(t, d.UserID)
		items = append(items, types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String(table), Key: ddb.Key(pk, sk)}})
	}
	return items
}

// Page is one page of matching user ids, in term order.
type Page struct {
	UserIDs    []string
	NextCursor string
}

// MaxQueryRunes bounds a query.
const MaxQueryRunes = 100

// Search returns up to limit ids of users matching q (see the package
// documentation), after cursor. An empty or over-long query is
// validation_failed on "q"; a cursor of another query is invalid_cursor.
func Search(ctx context.Context, db QueryAPI, table string, cursors *ddb.Cursors, q string, limit int, cursor string) (Page, error) {
	folded := strings.Join(strings.Fields(search.Fold(q)), " ")
	words := Words(q)
	if folded == "" || len(words) == 0 || utf8.RuneCountInString(q) > MaxQueryRunes {
		return Page{}, apperr.Validation(map[string]string{"q": apperr.FieldInvalid})
	}
	anchor, rest := words[0], words
	emailQuery := strings.Contains(folded, "@")
	if emailQuery {
		anchor, rest = folded, nil
	} else {
		for _, w := range words {
			if len(w) > len(anchor) {
				anchor = w
			}
		}
	}
	fh := ddb.FiltersHash("usersearch", folded)
	start, err := cursors.Decode(cursor, fh)
	if err != nil {
		return Page{}, fmt.Errorf("usersearch: search: %w", err)
	}
	pk, _ := termKey(anchor, "")
	in := &dynamodb.QueryInput{
		TableName:              aws.String(table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :prefix)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: pk}, ":prefix": &types.AttributeValueMemberS{Value: anchor},
		},
	}
	var page Page
	var lastKey map[string]types.AttributeValue
	for {
		in.ExclusiveStartKey = start
		in.Limit = aws.Int32(int32(min(limit*2, 200)) + 1) //nolint:gosec // at most 201
		out, err := db.Query(ctx, in)
		if err != nil {
			return Page{}, fmt.Errorf("usersearch: query %q: %w", anchor, err)
		}
		var items []termItem
		if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
			return Page{}, fmt.Errorf("usersearch: decode terms: %w", err)
		}
		for _, it := range items {
			term, _, _ := strings.Cut(it.SK, "#")
			if !matches(it.Terms, term, anchor, rest) {
				continue
			}
			if len(page.UserIDs) == limit {
				// One more match exists: the page ends at the last one taken.
				page.NextCursor, err = cursors.Encode(lastKey, fh)
				if err != nil {
					return Page{}, fmt.Errorf("usersearch: search: %w", err)
				}
				return page, nil
			}
			page.UserIDs = append(page.UserIDs, it.UID)
			lastKey = ddb.Key(it.PK, it.SK)
		}
		start = out.LastEvaluatedKey
		if len(start) == 0 {
			return page, nil
		}
	}
}

// matches reports whether a user with terms, seen at term (which starts
// with anchor), is a hit at this term: every other query word prefixes one
// of the terms, and term is the user's first term starting with anchor (so
// a user is listed once).
func matches(terms []string, term, anchor string, rest []string) bool {
	for _, t := range terms {
		if strings.HasPrefix(t, anchor) {
			if t != term {
				return false
			}
			break
		}
	}
	for _, w := range rest {
		if !slices.ContainsFunc(terms, func(t string) bool { return strings.HasPrefix(t, w) }) {
			return false
		}
	}
	return true
}
