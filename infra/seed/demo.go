package seed

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/reviews"
)

// DatasetDemo is the demo dataset's name and the SK of its SEED marker.
const DatasetDemo = "demo"

// DemoPassword is the password of every demo seller. It is public on
// purpose (README, docs/local-cloud.md): the demo accounts exist only in
// local clouds, which are never reachable from other machines.
const DemoPassword = "remat-demo-2025" //nolint:gosec // G101: published on purpose, see above

// demoFormat is mixed into the demo hash; bump it when the photos, the
// ids or the items change so existing local clouds are re-seeded.
const demoFormat = "demo-v1"

// demoRefresh is how old a demo seed may get before the next run writes
// the ads again with fresh dates: the ads run for the pro plan's 90 days,
// and "recent materials" should look recent in a long-lived .data.
const demoRefresh = 30 * 24 * time.Hour

// demoSpread is the time the ads' publication dates spread over, ending
// shortly before the seed.
const demoSpread = 30 * 24 * time.Hour

// demoEpoch is the time part of every demo id: the ids must not change
// between runs, so they cannot carry the seed time.
var demoEpoch = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

// DemoOptions configures Demo.
type DemoOptions struct {
	// Images is an S3 client for the images bucket named Bucket, where
	// the photos' renditions go (each image's folder,
	// catalog.WebPRenditionKey).
	Images DemoImagesAPI
	Bucket string
	// Now is the seed time (default time.Now): the ads are published
	// over the 30 days before it.
	Now time.Time
	// Force writes everything even when the marker says it is current.
	Force bool
	// Workers bounds the ads prepared in parallel (default 8): drawing
	// keeps the cores busy while other ads wait on their writes (about
	// ten requests each, most of them for the search postings).
	Workers int
	// PasswordParams hash the demo password (default
	// password.DefaultParams, what the auth function verifies against;
	// tests pass cheaper ones).
	PasswordParams *password.Params
}

// DemoImagesAPI is the part of the S3 client the demo needs
// (*s3.Client satisfies it).
type DemoImagesAPI interface {
	blob.API
	HeadObject(ctx context.Context, in *s3.HeadObjectInput, optFns ...func(*s3.Options)) (*s3.HeadObjectOutput, error)
}

var _ DemoImagesAPI = (*s3.Client)(nil)

// DemoAccount is a demo seller's sign-in.
type DemoAccount struct {
	Email    string
	Name     string // company or person
	Language string
}

// DemoAccounts lists the demo sellers; they all use DemoPassword.
func DemoAccounts() []DemoAccount {
	out := make([]DemoAccount, len(demoSellers))
	for i, s := range demoSellers {
		name := s.FirstName + " " + s.LastName
		if s.Company != nil {
			name = s.Company.Name
		}
		out[i] = DemoAccount{Email: s.Email, Name: name, Language: s.Language}
	}
	return out
}

// Demo makes the local site look alive: the demo sellers (verified,
// password DemoPassword), a pro subscription each with ads left, and the
// demo ads (active, in search) with their generated photos in the images
// bucket. It needs the categories, cantons and localities seeded first
// (Run).
//
// Everything is keyed by fixed ids, so running it again changes nothing
// it has made: accounts and subscriptions that exist are kept as they are
// (a used allowance is not refilled), and ads and photos are overwritten
// with the same content. A SEED marker with the dataset's hash makes an
// unchanged run a few reads; after demoRefresh the ads are written again
// with publication dates relative to the new run.
func Demo(ctx context.Context, client *dynamodb.Client, table string, opts DemoOptions) (Result, error) {
	start := time.Now()
	res := Result{Dataset: DatasetDemo, Items: len(demoAds)}
	if opts.Images == nil || opts.Bucket == "" {
		return res, errors.New("seed: demo: the images bucket (S3 client and name) is required")
	}
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	now = now.UTC().Truncate(time.Second)

	places, err := demoPlaces(ctx, client, table)
	if err != nil {
		return res, err
	}
	hash, err := demoHash(places)
	if err != nil {
		return res, err
	}
	if !opts.Force {
		m, err := readMarker(ctx, client, table, DatasetDemo)
		if err != nil {
			return res, err
		}
		if m.Hash == hash && now.Sub(m.SeededAt) < demoRefresh {
			// The table may outlive the bucket (a persistent DynamoDB
			// endpoint with an in-memory S3): seed again when the photos
			// are gone.
			there, err := demoPhotosThere(ctx, opts)
			if err != nil {
				return res, err
			}
			if there {
				res.Skipped = true
				return res, nil
			}
		}
	}

	plan, err := proPlan()
	if err != nil {
		return res, err
	}
	sellers, err := ensureSellers(ctx, client, table, now, opts.PasswordParams)
	if err != nil {
		return res, err
	}
	subs, err := ensureSubscriptions(ctx, client, table, sellers, plan, now)
	if err != nil {
		return res, err
	}
	ads, err := buildDemoAds(places, sellers, subs, plan, now)
	if err != nil {
		return res, err
	}
	if err := writeDemoAds(ctx, client, table, opts, ads); err != nil {
		return res, err
	}
	if err := ensureDemoReviews(ctx, client, table, sellers, ads, now); err != nil {
		return res, err
	}
	if err := putDemoMarker(ctx, client, table, hash, len(ads), now); err != nil {
		return res, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// demoPhotosThere reports whether one of the demo's photos is in the
// bucket: the marker is written after all of them, so a missing one means
// the bucket was emptied since.
func demoPhotosThere(ctx context.Context, opts DemoOptions) (bool, error) {
	i := len(demoAds) - 1
	key := catalog.WebPRenditionKey(demoAdID(i), demoImageID(i, demoAds[i].Photos-1), catalog.RenditionLargeWebP)
	_, err := opts.Images.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(opts.Bucket), Key: aws.String(key)})
	var nf *s3types.NotFound
	if errors.As(err, &nf) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("seed: demo: look for %s: %w", key, err)
	}
	return true, nil
}

// ---------------------------------------------------------------- places

// demoPlaces reads the seeded locality or canton of every demo ad's Place
// in one BatchGetItem (they are a few dozen) and returns their locations.
func demoPlaces(ctx context.Context, client *dynamodb.Client, table string) (map[string]catalog.Location, error) {
	keys := map[string]map[string]types.AttributeValue{}
	for _, a := range demoAds {
		if _, ok := keys[a.Place]; ok {
			continue
		}
		if code, ok := cantonPlace(a.Place); ok {
			keys[a.Place] = map[string]types.AttributeValue{"PK": s(CantonPK), "SK": s(code)}
			continue
		}
		pc, name, ok := strings.Cut(a.Place, " ")
		if !ok {
			return nil, fmt.Errorf("seed: demo: place %q: want \"<postal code> <locality>\" or a canton code", a.Place)
		}
		keys[a.Place] = map[string]types.AttributeValue{"PK": s(LocalityPKPrefix + pc), "SK": s(NormalizeName(name))}
	}
	var pending []map[string]types.AttributeValue
	for _, k := range keys {
		pending = append(pending, k)
	}
	type row struct {
		PK, SK     string
		PostalCode string  `dynamodbav:"postalCode"`
		Locality   string  `dynamodbav:"locality"`
		Canton     string  `dynamodbav:"canton"`
		Code       string  `dynamodbav:"code"`
		Lat        float64 `dynamodbav:"lat"`
		Lon        float64 `dynamodbav:"lon"`
	}
	found := map[string]row{}
	for attempt := 0; len(pending) > 0; attempt++ {
		if attempt == 10 {
			return nil, errors.New("seed: demo: BatchGetItem left keys unprocessed after 10 attempts")
		}
		var batch []map[string]types.AttributeValue
		batch, pending = pending[:min(100, len(pending))], pending[min(100, len(pending)):]
		out, err := client.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
			table: {Keys: batch, ConsistentRead: aws.Bool(true)},
		}})
		if err != nil {
			return nil, fmt.Errorf("seed: demo: read places: %w", err)
		}
		var rows []row
		if err := attributevalue.UnmarshalListOfMaps(out.Responses[table], &rows); err != nil {
			return nil, fmt.Errorf("seed: demo: read places: %w", err)
		}
		for _, r := range rows {
			found[r.PK+"\x00"+r.SK] = r
		}
		pending = append(pending, out.UnprocessedKeys[table].Keys...)
	}
	places := make(map[string]catalog.Location, len(keys))
	for place, k := range keys {
		pk := k["PK"].(*types.AttributeValueMemberS).Value
		sk := k["SK"].(*types.AttributeValueMemberS).Value
		r, ok := found[pk+"\x00"+sk]
		if !ok {
			return nil, fmt.Errorf("seed: demo: place %q is not in the seeded reference data: seed the cantons and localities first", place)
		}
		if pk == CantonPK {
			places[place] = catalog.Location{Kind: catalog.LocationCanton, Canton: r.Code, Lat: r.Lat, Lon: r.Lon}
		} else {
			places[place] = catalog.Location{Kind: catalog.LocationCity, PostalCode: r.PostalCode, Locality: r.Locality, Canton: r.Canton, Lat: r.Lat, Lon: r.Lon}
		}
	}
	return places, nil
}

// cantonPlace reports whether place is a canton code (two capitals).
func cantonPlace(place string) (string, bool) {
	if len(place) == 2 && strings.ToUpper(place) == place && !strings.ContainsAny(place, "0123456789 ") {
		return place, true
	}
	return "", false
}

// demoHash covers everything the demo writes: the sellers, the ads, the
// places they resolved to and demoFormat (the photos and ids).
func demoHash(places map[string]catalog.Location) (string, error) {
	raw, err := json.Marshal(struct {
		Format  string
		Sellers []demoSeller
		Ads     []demoAd
		Places  map[string]catalog.Location
	}{demoFormat, demoSellers, demoAds, places})
	if err != nil {
		return "", fmt.Errorf("seed: demo: hash: %w", err)
	}
	return contentHash(DatasetDemo, raw), nil
}

// ---------------------------------------------------------------- ids

// demoID is a fixed ULID for name: the time part is demoEpoch, the
// entropy the first bytes of name's SHA-256.
func demoID(name string) string {
	sum := sha256.Sum256([]byte("remat-demo/" + name))
	var id ulid.ULID
	_ = id.SetTime(ulid.Timestamp(demoEpoch)) // demoEpoch is far inside ULID's range
	_ = id.SetEntropy(sum[:10])               // exactly 10 bytes
	return id.String()
}

func demoAdID(i int) string { return demoID(fmt.Sprintf("ad/%d", i)) }

func demoImageID(i, k int) string { return demoID(fmt.Sprintf("ad/%d/image/%d", i, k)) }

func demoUserID(key string) string { return demoID("user/" + key) }

func demoSubID(key string) string { return demoID("subscription/" + key) }

func demoPhotoSeed(i, k int) uint64 { return binary.BigEndian.Uint64([]byte(demoImageID(i, k))[10:18]) }

// demoAge is how long before the seed ad i was published: the ads are
// spread evenly over demoSpread in an order that mixes the categories
// (a fixed permutation of the index), the newest an hour old.
func demoAge(i int) time.Duration {
	n := len(demoAds)
	rank := (i*37 + 11) % n // 37 is coprime with 60: a permutation
	step := (demoSpread - 2*time.Hour) / time.Duration(n)
	return time.Hour + time.Duration(rank)*step + time.Duration(i%7)*7*time.Minute
}

// ---------------------------------------------------------------- sellers

// ensureSellers returns the user id of every demo seller, creating the
// accounts that do not exist yet: verified, active, with DemoPassword. An
// existing account with the address (a previous seed, or a developer who
// signed up with it) is used as it is.
func ensureSellers(ctx context.Context, client *dynamodb.Client, table string, now time.Time, params *password.Params) ([]string, error) {
	store := accounts.NewDynamoStore(client, table)
	p := password.DefaultParams
	if params != nil {
		p = *params
	}
	hasher := password.NewHasher(p)
	ids := make([]string, len(demoSellers))
	for i, ds := range demoSellers {
		u, err := store.UserByEmail(ctx, ds.Email)
		if err == nil {
			ids[i] = u.ID
			continue
		}
		if !errors.Is(err, apperr.ErrNotFound) {
			return nil, fmt.Errorf("seed: demo: seller %s: %w", ds.Email, err)
		}
		in := accounts.SignUpInput{
			AccountType: ds.AccountType, FirstName: ds.FirstName, LastName: ds.LastName, Email: ds.Email,
			Phone: ds.Phone, Password: DemoPassword, IsAdult: true, AcceptRules: true, Language: ds.Language,
			Company: ds.Company,
		}
		if err := in.Validate(); err != nil { // the same rules as a sign-up
			return nil, fmt.Errorf("seed: demo: seller %s: %w", ds.Email, err)
		}
		hash, err := hasher.Hash(DemoPassword)
		if err != nil {
			return nil, fmt.Errorf("seed: demo: seller %s: %w", ds.Email, err)
		}
		u = accounts.User{
			ID: demoUserID(ds.Key), FirstName: in.FirstName, LastName: in.LastName, Email: in.Email, Phone: in.Phone,
			Language: in.Language, Role: auth.RoleUser, AccountType: in.AccountType, Status: accounts.StatusActive,
			Company: in.Company, PasswordHash: hash, CreatedAt: now.AddDate(0, 0, -ds.MemberDays),
		}
		// Sign up and verify as a person would, through the store: the
		// verification token is created and consumed at once.
		var secret [32]byte
		_, _ = rand.Read(secret[:]) // never fails on supported platforms
		sum := sha256.Sum256(secret[:])
		tok := accounts.Token{Hash: hex.EncodeToString(sum[:]), Kind: accounts.TokenVerify, UserID: u.ID, ExpiresAt: now.Add(accounts.VerifyTokenTTL)}
		if err := store.CreateUser(ctx, u, tok); err != nil {
			return nil, fmt.Errorf("seed: demo: %w", err)
		}
		if err := store.VerifyEmail(ctx, tok); err != nil {
			return nil, fmt.Errorf("seed: demo: %w", err)
		}
		ids[i] = u.ID
	}
	return ids, nil
}

// proPlan is the seeded pro plan: every demo seller holds one.
func proPlan() (billing.Plan, error) {
	for _, p := range billing.SeededPlans() {
		if p.ID == billing.PlanPro {
			return p, nil
		}
	}
	return billing.Plan{}, errors.New("seed: demo: billing has no pro plan")
}

// ensureSubscriptions gives each seller a pro subscription (started 20
// days before the seed) with the ads the demo publishes already taken
// from its allowance. Existing ones are kept as they are.
func ensureSubscriptions(ctx context.Context, client *dynamodb.Client, table string, uids []string, plan billing.Plan, now time.Time) ([]string, error) {
	used := make([]int, len(demoSellers))
	for _, a := range demoAds {
		used[a.Seller]++
	}
	ids := make([]string, len(demoSellers))
	for i, ds := range demoSellers {
		start := now.AddDate(0, 0, -20)
		sub := billing.Subscription{
			ID: demoSubID(ds.Key), UserID: uids[i], PlanID: plan.ID, PlanKind: plan.Kind, PlanName: plan.Name,
			StartsAt: start, ExpiresAt: plan.Duration.AddTo(start),
			AdAllowance: plan.AdAllowance, RemainingAds: max(plan.AdAllowance-used[i], 0),
			ImageAllowance: plan.ImageAllowance, AdDurationDays: plan.AdDurationDays,
		}
		if _, err := billing.ImportSubscription(ctx, client, table, sub); err != nil {
			return nil, fmt.Errorf("seed: demo: %w", err)
		}
		ids[i] = sub.ID
	}
	return ids, nil
}

// demoReviewTexts are the demo reviews' texts by the reviewer's language.
var demoReviewTexts = map[string][]string{
	"de": {"Material wie beschrieben, Abholung am vereinbarten Tag problemlos.", "Freundlich und zuverlässig, gerne wieder."},
	"fr": {"Matériel conforme à l'annonce, retrait simple et rapide.", "Vendeur sérieux, je recommande."}, //nolint:misspell // French
	"it": {"Materiale come descritto, ritiro veloce e senza problemi.", "Venditore gentile e puntuale."},
	"en": {"Exactly as described, easy pick-up on the agreed day.", "Friendly and reliable seller."},
}

// demoReviewCount is how many demo reviews the seed writes.
const demoReviewCount = 8

// ensureDemoReviews has the demo accounts rate each other for a few of the
// demo ads, so profiles and ads show ratings. Reviews that exist are kept
// (the sums move only when one is written).
func ensureDemoReviews(ctx context.Context, client *dynamodb.Client, table string, uids []string, ads []preparedAd, now time.Time) error {
	store := reviews.NewStore(client, table, nil)
	users := accounts.NewDynamoStore(client, table)
	for i := range demoReviewCount {
		p := ads[(i*5)%len(ads)]
		seller := slices.Index(uids, p.ad.SellerID)
		if seller < 0 {
			return fmt.Errorf("seed: demo: review %d: ad %s has no demo seller", i, p.ad.ID)
		}
		reviewer := demoSellers[(seller+1+i%(len(demoSellers)-1))%len(demoSellers)]
		id := demoID(fmt.Sprintf("review/%d", i))
		if _, err := store.Get(ctx, id); err == nil {
			continue
		}
		u, err := users.UserByID(ctx, uids[slices.IndexFunc(demoSellers, func(d demoSeller) bool { return d.Key == reviewer.Key })])
		if err != nil {
			return fmt.Errorf("seed: demo: reviewer %s: %w", reviewer.Key, err)
		}
		texts := demoReviewTexts[reviewer.Language]
		at := now.Add(-time.Duration(3+i*4) * 24 * time.Hour).Format(time.RFC3339Nano)
		r := reviews.Review{
			ID: id, SellerID: p.ad.SellerID, AdID: p.ad.ID, AdTitle: p.ad.Title, BuyerID: u.ID, AuthorName: reviews.DisplayName(u),
			Rating: []int{5, 4, 5, 5, 3, 4, 5, 4}[i], Text: texts[i%len(texts)], CreatedAt: at, UpdatedAt: at,
		}
		if err := store.Create(ctx, r); err != nil && !reviews.IsExists(err) {
			return fmt.Errorf("seed: demo: review %d: %w", i, err)
		}
	}
	return nil
}
