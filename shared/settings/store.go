package settings

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// SiteSource reads the site settings.
type SiteSource interface {
	Site(ctx context.Context) (Site, error)
}

// SiteStore keeps the site settings in the table (keys.go).
type SiteStore struct {
	db    ddb.API
	table string
}

var _ SiteSource = (*SiteStore)(nil)

// NewSiteStore returns a store on table.
func NewSiteStore(db ddb.API, table string) *SiteStore {
	return &SiteStore{db: db, table: table}
}

type siteItem struct {
	PK            string            `dynamodbav:"PK"`
	SK            string            `dynamodbav:"SK"`
	Type          string            `dynamodbav:"type"`
	NoticeEnabled bool              `dynamodbav:"noticeEnabled"`
	NoticeLevel   string            `dynamodbav:"noticeLevel"`
	NoticeText    map[string]string `dynamodbav:"noticeText"`
	NoticeEndsAt  string            `dynamodbav:"noticeEndsAt,omitempty"`
	SignupsOpen   bool              `dynamodbav:"signupsOpen"`
	Version       int               `dynamodbav:"version"`
	UpdatedAt     string            `dynamodbav:"updatedAt"`
	UpdatedBy     string            `dynamodbav:"updatedBy"`
}

func (it siteItem) site() (Site, error) {
	s := Site{
		Notice:      Notice{Enabled: it.NoticeEnabled, Level: NoticeLevel(it.NoticeLevel), Text: it.NoticeText},
		SignupsOpen: it.SignupsOpen, Version: it.Version, UpdatedBy: it.UpdatedBy,
	}
	if s.Notice.Text == nil {
		s.Notice.Text = map[string]string{}
	}
	var err error
	if it.NoticeEndsAt != "" {
		if s.Notice.EndsAt, err = time.Parse(time.RFC3339Nano, it.NoticeEndsAt); err != nil {
			return Site{}, fmt.Errorf("settings: site: noticeEndsAt: %w", err)
		}
	}
	if it.UpdatedAt != "" {
		if s.UpdatedAt, err = time.Parse(time.RFC3339Nano, it.UpdatedAt); err != nil {
			return Site{}, fmt.Errorf("settings: site: updatedAt: %w", err)
		}
	}
	return s, nil
}

// Site returns the stored settings (strongly consistent), or DefaultSite
// while none were saved.
func (st *SiteStore) Site(ctx context.Context) (Site, error) {
	var it siteItem
	found, err := ddb.Get(ctx, st.db, st.table, ddb.Key(pkSettings, skSite), &it)
	if err != nil {
		return Site{}, fmt.Errorf("settings: read site settings: %w", err)
	}
	if !found {
		return DefaultSite(), nil
	}
	return it.site()
}

// SignupsOpen reports whether new accounts may be created now (the auth
// function asks before each sign-up; an administrator's change applies at
// once).
func (st *SiteStore) SignupsOpen(ctx context.Context) (bool, error) {
	s, err := st.Site(ctx)
	if err != nil {
		return false, err
	}
	return s.SignupsOpen, nil
}

// Save stores s as the version after seen, together with also (the audit
// entry) in one transaction: edit_conflict when the stored version is no
// longer seen. s.Version is ignored.
func (st *SiteStore) Save(ctx context.Context, s Site, seen int, also ...types.TransactWriteItem) error {
	it := siteItem{
		PK: pkSettings, SK: skSite, Type: typeSettings,
		NoticeEnabled: s.Notice.Enabled, NoticeLevel: string(s.Notice.Level), NoticeText: s.Notice.Text,
		SignupsOpen: s.SignupsOpen, Version: seen + 1, UpdatedAt: s.UpdatedAt.UTC().Format(time.RFC3339Nano), UpdatedBy: s.UpdatedBy,
	}
	if !s.Notice.EndsAt.IsZero() {
		it.NoticeEndsAt = s.Notice.EndsAt.UTC().Format(time.RFC3339Nano)
	}
	item, err := attributevalue.MarshalMap(it)
	if err != nil {
		return fmt.Errorf("settings: marshal site settings: %w", err)
	}
	put := &types.Put{TableName: aws.String(st.table), Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}
	if seen > 0 {
		put.ConditionExpression = aws.String("version = :v")
		put.ExpressionAttributeValues = map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: fmt.Sprint(seen)}}
	}
	_, err = st.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{
		TransactItems: append([]types.TransactWriteItem{{Put: put}}, also...),
	})
	if reasons, ok := ddb.CancellationReasons(err); ok && len(reasons) > 0 && reasons[0] == "ConditionalCheckFailed" {
		return apperr.New(apperr.CodeEditConflict, fmt.Errorf("settings: save site settings on version %d: %w", seen, err))
	}
	if err != nil {
		return fmt.Errorf("settings: save site settings: %w", err)
	}
	return nil
}

// CacheTTL is how long a warm settings function reuses the site settings
// it read. With the response's max-age (CacheControl) it bounds how long
// an administrator's change takes to reach visitors: one minute.
const CacheTTL = 10 * time.Second

// Cached returns src with each successful read reused for ttl. Failed
// reads are not kept: the next request reads again. Safe for concurrent
// use.
func Cached(src SiteSource, ttl time.Duration) SiteSource {
	return &cachedSite{src: src, ttl: ttl, now: time.Now}
}

type cachedSite struct {
	src SiteSource
	ttl time.Duration
	now func() time.Time

	mu   sync.Mutex
	site Site
	at   time.Time
	ok   bool
}

func (c *cachedSite) Site(ctx context.Context) (Site, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ok && c.now().Sub(c.at) < c.ttl {
		return c.site, nil
	}
	s, err := c.src.Site(ctx)
	if err != nil {
		return Site{}, fmt.Errorf("settings: cached site settings: %w", err)
	}
	c.site, c.at, c.ok = s, c.now(), true
	return s, nil
}
