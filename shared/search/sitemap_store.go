package search

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// The public ads for the sitemaps, read from the postings of term all:
// exactly the ads that are public (active, not hidden with their seller),
// since an ad's postings are removed when it leaves search. The sitemaps
// are cut into pages of the ads published in one calendar month (UTC),
// in the order of their sort keys (oldest first), so a page is one
// bounded range of the partition and a new ad only ever changes the last
// page of the current month.
//
//	Months that hold ads       Query PK=IX#all ScanIndexForward=false Limit 1,
//	                           then the same with SK < <that month>, until
//	                           none: one item read per month that has ads
//	Whether a month needs      GetItem IXCOUNT/all: while all public ads fit
//	more than one page         on one page (with slack), no month can
//	                           overflow and nothing else is read; otherwise
//	                           Query PK=IX#all begins_with(SK, <yyyy-mm>)
//	                           Select=COUNT, newest month first, until the
//	                           months not yet counted fit on one page
//	One page                   Query PK=IX#all begins_with(SK, <yyyy-mm>),
//	                           after (page 2 on) GetItem IXCOUNT/all (a page
//	                           past every public ad reads nothing more) and a
//	                           Query of the (page-1) x pageSize keys before it

// monthLayout is how a month begins a posting's sort key (ddb.TimeLayout).
const monthLayout = "2006-01"

// countSlackDivisor: the count of term all may trail the postings (an
// Index between its posting writes and its count transaction, or one that
// failed there), so the count is taken as up to a tenth of a page short.
const countSlackDivisor = 10

// PublicAd is a public ad as a sitemap lists it: its id and its last
// change (the ad's updatedAt when the posting has it, else publishedAt).
type PublicAd struct {
	ID      string
	LastMod time.Time
}

// PublicAdPage names one page of the public ads published in Month (its
// first instant, UTC): Page from 1.
type PublicAdPage struct {
	Month time.Time
	Page  int
}

// SitemapSource reads the public ads for the sitemaps, with Query only.
type SitemapSource struct {
	db    ddb.API
	table string
}

// NewSitemapSource returns the reader of the public ads of table.
func NewSitemapSource(db ddb.API, table string) *SitemapSource {
	return &SitemapSource{db: db, table: table}
}

// Pages lists every page of public ads when each holds at most pageSize
// ads, oldest month first and by page within a month; months without
// public ads have none. Its cost follows the months, not the ads, while
// the public ads fit on one page (see the access patterns above).
func (s *SitemapSource) Pages(ctx context.Context, pageSize int) ([]PublicAdPage, error) {
	if pageSize < 1 {
		return nil, fmt.Errorf("search: sitemap pages: page size %d", pageSize)
	}
	months, err := s.months(ctx)
	if err != nil {
		return nil, fmt.Errorf("search: sitemap months: %w", err)
	}
	if len(months) == 0 {
		return nil, nil
	}
	total, err := s.publicCount(ctx)
	if err != nil {
		return nil, fmt.Errorf("search: sitemap pages: %w", err)
	}
	// bound: the most postings the months not counted yet can hold.
	bound := total + int64(pageSize/countSlackDivisor)
	pages := make([][]PublicAdPage, len(months))
	for i, m := range months { // newest first
		n := int64(1)
		if bound > int64(pageSize) {
			c, err := s.monthCount(ctx, m)
			if err != nil {
				return nil, fmt.Errorf("search: sitemap pages of %s: %w", m.Format(monthLayout), err)
			}
			n, bound = (c+int64(pageSize)-1)/int64(pageSize), bound-c
		}
		for k := int64(1); k <= n; k++ {
			pages[i] = append(pages[i], PublicAdPage{Month: m, Page: int(k)})
		}
	}
	var out []PublicAdPage
	for i := len(pages) - 1; i >= 0; i-- {
		out = append(out, pages[i]...)
	}
	return out, nil
}

// Page returns page number page (from 1) of the public ads published in
// the month of month (UTC) when each page holds pageSize ads, oldest
// first, and whether more follow in the month. A page past the month's
// last is empty.
func (s *SitemapSource) Page(ctx context.Context, month time.Time, page, pageSize int) ([]PublicAd, bool, error) {
	if page < 1 || pageSize < 1 {
		return nil, false, fmt.Errorf("search: sitemap page %d of size %d", page, pageSize)
	}
	m := monthStart(month)
	ads, more, err := s.page(ctx, m, page, pageSize)
	if err != nil {
		return nil, false, fmt.Errorf("search: sitemap page %d of %s: %w", page, m.Format(monthLayout), err)
	}
	return ads, more, nil
}

func (s *SitemapSource) page(ctx context.Context, m time.Time, page, pageSize int) ([]PublicAd, bool, error) {
	var start map[string]types.AttributeValue
	if skip := int64(page-1) * int64(pageSize); skip > 0 {
		// A page number past every public ad is empty without reading the
		// month: guessed names cost one read.
		total, err := s.publicCount(ctx)
		if err != nil {
			return nil, false, err
		}
		if skip >= total+int64(pageSize/countSlackDivisor) {
			return nil, false, nil
		}
		key, ok, err := s.skip(ctx, m, skip)
		if err != nil || !ok {
			return nil, false, err
		}
		start = key
	}
	in := s.monthQuery(m)
	in.ExclusiveStartKey = start
	in.ProjectionExpression = aws.String("adId, publishedAt, updatedAt")
	items, more, err := ddb.QueryPage[publicAdItem](ctx, s.db, in, pageSize)
	if err != nil {
		return nil, false, err
	}
	ads := make([]PublicAd, 0, len(items))
	for _, it := range items {
		ad, err := it.publicAd()
		if err != nil {
			return nil, false, err
		}
		ads = append(ads, ad)
	}
	return ads, more, nil
}

// skip reads the keys of the first n postings of month m and returns the
// last one's key, the exclusive start of what follows; false when the
// month holds fewer than n.
func (s *SitemapSource) skip(ctx context.Context, m time.Time, n int64) (map[string]types.AttributeValue, bool, error) {
	in := s.monthQuery(m)
	in.ProjectionExpression = aws.String("SK")
	var last string
	for n > 0 {
		in.Limit = aws.Int32(int32(min(n, 1<<20))) //nolint:gosec // bounded
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return nil, false, fmt.Errorf("skip %d postings: %w", n, err)
		}
		if len(out.Items) > 0 {
			var k struct {
				SK string `dynamodbav:"SK"`
			}
			if err := attributevalue.UnmarshalMap(out.Items[len(out.Items)-1], &k); err != nil {
				return nil, false, fmt.Errorf("decode posting key: %w", err)
			}
			last, n = k.SK, n-int64(len(out.Items))
		}
		if n > 0 && len(out.LastEvaluatedKey) == 0 {
			return nil, false, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	return ddb.Key(postingPK(TermAll), last), true, nil
}

// months lists the months that hold public ads, newest first, reading one
// posting per month: each query asks for the newest posting before the
// month found last.
func (s *SitemapSource) months(ctx context.Context) ([]time.Time, error) {
	var months []time.Time
	for {
		in := &dynamodb.QueryInput{
			TableName:                 aws.String(s.table),
			KeyConditionExpression:    aws.String("PK = :pk"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":pk": stringAV(postingPK(TermAll))},
			ScanIndexForward:          aws.Bool(false),
			Limit:                     aws.Int32(1),
			ProjectionExpression:      aws.String("SK"),
		}
		if len(months) > 0 {
			// Every sort key of an earlier month sorts before "yyyy-mm".
			in.KeyConditionExpression = aws.String("PK = :pk AND SK < :month")
			in.ExpressionAttributeValues[":month"] = stringAV(months[len(months)-1].Format(monthLayout))
		}
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("newest posting before %d months: %w", len(months), err)
		}
		if len(out.Items) == 0 {
			return months, nil
		}
		var k struct {
			SK string `dynamodbav:"SK"`
		}
		if err := attributevalue.UnmarshalMap(out.Items[0], &k); err != nil {
			return nil, fmt.Errorf("decode posting key: %w", err)
		}
		m, err := monthOfKey(k.SK)
		if err != nil {
			return nil, err
		}
		if len(months) > 0 && !m.Before(months[len(months)-1]) {
			return nil, fmt.Errorf("posting %q is not before %s", k.SK, months[len(months)-1].Format(monthLayout))
		}
		months = append(months, m)
	}
}

// publicCount is the count of term all: the public ads, up to the slack
// of countSlackDivisor.
func (s *SitemapSource) publicCount(ctx context.Context) (int64, error) {
	var c countItem
	found, err := ddb.GetItem(ctx, s.db, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(pkCount, TermAll), ProjectionExpression: aws.String("SK, n"),
	}, &c)
	if err != nil {
		return 0, fmt.Errorf("read count of %s: %w", TermAll, err)
	}
	if !found {
		return 0, nil
	}
	return max(c.N, 0), nil
}

// monthCount counts the postings of month m (Select COUNT: no item is
// returned, but each is read).
func (s *SitemapSource) monthCount(ctx context.Context, m time.Time) (int64, error) {
	in := s.monthQuery(m)
	in.Select = types.SelectCount
	var n int64
	for {
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return 0, fmt.Errorf("count postings: %w", err)
		}
		n += int64(out.Count)
		if len(out.LastEvaluatedKey) == 0 {
			return n, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// monthQuery reads the postings of term all published in month m, oldest
// first.
func (s *SitemapSource) monthQuery(m time.Time) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:              aws.String(s.table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :month)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": stringAV(postingPK(TermAll)), ":month": stringAV(m.Format(monthLayout)),
		},
		ScanIndexForward: aws.Bool(true),
	}
}

// publicAdItem is the part of a posting a sitemap reads.
type publicAdItem struct {
	AdID        string `dynamodbav:"adId"`
	PublishedAt string `dynamodbav:"publishedAt"`
	UpdatedAt   string `dynamodbav:"updatedAt"`
}

func (it publicAdItem) publicAd() (PublicAd, error) {
	if it.AdID == "" {
		return PublicAd{}, errors.New("posting without ad id")
	}
	at := it.UpdatedAt
	if at == "" {
		at = it.PublishedAt
	}
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return PublicAd{}, fmt.Errorf("posting of ad %s: time %q: %w", it.AdID, at, err)
	}
	return PublicAd{ID: it.AdID, LastMod: t.UTC()}, nil
}

// monthOfKey is the month a posting's sort key begins with.
func monthOfKey(sk string) (time.Time, error) {
	if len(sk) < len(monthLayout) {
		return time.Time{}, fmt.Errorf("posting sort key %q has no month", sk)
	}
	m, err := time.Parse(monthLayout, sk[:len(monthLayout)])
	if err != nil {
		return time.Time{}, fmt.Errorf("posting sort key %q: %w", sk, err)
	}
	return m, nil
}

// monthStart is the first instant of t's month, UTC.
func monthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

func stringAV(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
