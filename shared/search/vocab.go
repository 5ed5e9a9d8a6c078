package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// The vocabulary: the words of the active ads' titles as people wrote
// them, with how many ads use each, for the suggestions shown while a
// buyer types. The match keys of the index (text.go) are stems such as
// "tuil", never shown to anyone; the vocabulary keeps a readable form.
//
//	Word       PK = IXWORD      SK = <Fold(word)>   type = Word
//	           n: active ads whose title has the word (ADD ±1), w: the
//	           word as first written (lower-case, accents kept)
//	Word set   PK = AD#<adId>   SK = IXWORDS        type = SearchWords
//	           words (SS, folded), ver (N): what the vocabulary counts
//	           for the ad, the base of the next diff
//
// Access pattern: words by prefix - Query PK=IXWORD AND begins_with(SK,
// <Fold(prefix)>), Limit WordsRead: a bounded read whatever the
// catalogue's size. The words come back in alphabetical order, so for a
// short prefix the most frequent of the first WordsRead words is shown,
// not necessarily the most frequent of all (the price of a read that
// never grows).
const (
	pkWords     = "IXWORD"
	skWords     = "IXWORDS"
	typeWord    = "Word"
	typeWordSet = "SearchWords"

	// minWordRunes: shorter words are not worth suggesting.
	minWordRunes = 3
	// maxAdWords caps the words an ad adds, so its vocabulary transaction
	// stays small (at most 2 × maxAdWords + 1 actions).
	maxAdWords = 12
	// WordsRead is how many vocabulary items one Words call reads at most.
	WordsRead = 40
)

// Word is a vocabulary entry: the word as written and the number of
// active ads whose title has it.
type Word struct {
	Text  string
	Count int64
}

type wordItem struct {
	SK string `dynamodbav:"SK"`
	N  int64  `dynamodbav:"n"`
	W  string `dynamodbav:"w"`
}

type wordSetItem struct {
	PK    string   `dynamodbav:"PK"`
	SK    string   `dynamodbav:"SK"`
	Type  string   `dynamodbav:"type"`
	Words []string `dynamodbav:"words,stringset,omitempty"`
	Ver   int64    `dynamodbav:"ver"`
}

// titleWords returns the vocabulary words of a title, in order, without
// duplicates: the folded key of each letter run of at least minWordRunes
// (stop words left out) mapped to its lower-case form as written, at
// most maxAdWords.
func titleWords(title string) (keys []string, written map[string]string) {
	written = map[string]string{}
	for _, w := range strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(keys) == maxAdWords {
			break
		}
		key := Fold(w)
		if len([]rune(key)) < minWordRunes || stopWords[key] {
			continue
		}
		if _, seen := written[key]; seen {
			continue
		}
		written[key] = strings.ToLower(w)
		keys = append(keys, key)
	}
	return keys, written
}

// syncWords moves the vocabulary counts of ad from the word set recorded
// last time to the words of title (none when unindexing) with commitSet,
// like commitTerms: a replay never counts a word twice, a concurrent
// change yields ErrConcurrentIndex. It is a transaction of its own, not a
// part of commitTerms': a step of term changes may take all of
// DynamoDB's 100 actions (maxCountChanges), and the words add up to
// 2 × maxAdWords + 1 more.
func syncWords(ctx context.Context, db ddb.API, table, adID, title string, indexed bool) error {
	var old wordSetItem
	found, err := ddb.Get(ctx, db, table, ddb.Key(adPK(adID), skWords), &old)
	if err != nil {
		return fmt.Errorf("read word set: %w", err)
	}
	var words []string
	written := map[string]string{}
	if indexed {
		words, written = titleWords(title)
	}
	changes := countChanges(old.Words, words, func(word string, delta int64) *types.Update {
		u := countUpdate(table, pkWords, word, typeWord, delta)
		if delta > 0 { // keep the form the word was first written in
			u.UpdateExpression = aws.String(*u.UpdateExpression + ", w = if_not_exists(w, :w)")
			u.ExpressionAttributeValues[":w"] = &types.AttributeValueMemberS{Value: written[word]}
		}
		return u
	})
	if len(changes) == 0 {
		return nil // same words (or none before and none now)
	}
	var next any // no words: the set is deleted
	if len(words) > 0 {
		next = wordSetItem{PK: adPK(adID), SK: skWords, Type: typeWordSet, Words: words, Ver: old.Ver + 1}
	}
	set := recordedSet{key: ddb.Key(adPK(adID), skWords), found: found, ver: old.Ver}
	if err := commitSet(ctx, db, table, set, changes, next); err != nil {
		return fmt.Errorf("commit word counts: %w", err)
	}
	return nil
}

// Words returns up to limit vocabulary words that start with prefix
// (compared folded: "dae" finds "dämmung"), most used first, ties in
// alphabetical order; words no active ad uses are left out. It reads at
// most WordsRead items. A prefix that folds to fewer than two letters
// finds nothing.
func Words(ctx context.Context, db ddb.API, table, prefix string, limit int) ([]Word, error) {
	key := Fold(strings.TrimSpace(prefix))
	if len([]rune(key)) < 2 || limit <= 0 {
		return nil, nil
	}
	out, err := db.Query(ctx, &dynamodb.QueryInput{
		TableName:              aws.String(table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :prefix)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: pkWords}, ":prefix": &types.AttributeValueMemberS{Value: key},
		},
		ProjectionExpression: aws.String("SK, n, w"),
		Limit:                aws.Int32(WordsRead),
	})
	if err != nil {
		return nil, fmt.Errorf("search: words starting %q: %w", key, err)
	}
	var items []wordItem
	if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
		return nil, fmt.Errorf("search: decode words: %w", err)
	}
	words := make([]Word, 0, len(items))
	for _, it := range items {
		if it.N > 0 && it.W != "" {
			words = append(words, Word{Text: it.W, Count: it.N})
		}
	}
	slices.SortStableFunc(words, func(a, b Word) int {
		if a.Count != b.Count {
			return int(b.Count - a.Count)
		}
		return strings.Compare(a.Text, b.Text)
	})
	return words[:min(limit, len(words))], nil
}

// TermCounts returns the number of active ads of each term, from the
// planner's count cache where it can (so a count may be up to CountTTL
// old) and one BatchGetItem per 100 other terms; absent terms have none.
// Build the terms with CategoryTerm and BrandTerm.
func TermCounts(ctx context.Context, db ddb.API, table string, terms []string) (map[string]int64, error) {
	if len(terms) == 0 {
		return map[string]int64{}, nil
	}
	counts, _, err := readCounts(ctx, db, table, terms)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return counts, nil
}

// CategoryTerm is the index term of the ads in a category (and its
// sub-categories).
func CategoryTerm(slug string) string { return termCat + slug }

// BrandTerm is the index term of the ads of a brand; empty for a name
// without letters or digits.
func BrandTerm(name string) string {
	if k := brandKey(name); k != "" {
		return termBrand + k
	}
	return ""
}
