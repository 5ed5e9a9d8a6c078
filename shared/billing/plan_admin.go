package billing

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/input"
	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/money"
)

// Editing plans in the back office (administrators only; the admin function
// composes RegisterPlanAdmin). A plan item keeps its key (PLAN/<planId>) and
// gains, on its first administrative change, version (incremented by each
// change, the optimistic lock of an edit), updatedAt and updatedBy; SeedPlans
// never replaces a plan that has updatedAt. Each change is one
// TransactWriteItems of the plan's Put (attribute_not_exists(PK) for a new
// plan, else the version the administrator read) and its audit entry, so the
// audit log holds exactly the changes that happened.
//
// Buyers are protected by the order snapshot (NewOrder): an order stores the
// plan and its amounts when it is created, the payment is created for those
// amounts and the webhook settles only that total, so a price change or a
// retirement applies to new orders only. GET /plans is not cached by the
// server or CloudFront (/api/* is uncached, the response is no-store); the
// SPA keeps an unused plan list for at most 60 seconds, so an edit reaches
// every visitor within a minute.

// Bounds of a plan an administrator creates or edits.
const (
	PlanNameMax        = 60
	PlanDescriptionMax = 300
	// PlanPriceMinRp is the smallest price excluding VAT: card payments
	// under CHF 0.50 are refused by the payment provider.
	PlanPriceMinRp = 50
	// PlanPriceMaxRp bounds the price excluding VAT: CHF 100,000.00.
	PlanPriceMaxRp     = 10_000_000
	PlanMonthsMax      = 60
	PlanDaysMax        = 1830
	PlanFreeMonthsMax  = 12
	PlanAdAllowanceMax = 10_000
	PlanAdDurationMax  = 365
	PlanSortOrderMax   = 1000
	// PlanImageAllowanceMax matches catalog.MaxImagesPerAd, the most photos
	// an ad can hold whatever its plan allows.
	PlanImageAllowanceMax = 30
	planIDMax             = 40
	maxPlanAttempts       = 4
)

// PlanLanguages are the languages every plan name and description is
// written in.
var PlanLanguages = langs.All

var planIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Target type and actions of the plans' audit entries.
const (
	AuditTargetPlan    = "plan"
	AuditPlanCreate    = "plan.create"
	AuditPlanUpdate    = "plan.update"
	AuditPlanRetire    = "plan.retire"
	AuditPlanReinstate = "plan.reinstate"
)

// AdminPlan is a plan as the back office sees it: with its sort order,
// whether it is retired, and who changed it last.
type AdminPlan struct {
	Plan
	// Version is 0 for a plan no administrator has changed (a seeded one).
	Version   int
	UpdatedAt time.Time
	UpdatedBy string
}

// PlanInput is what an administrator edits on a plan. A bundle carries no
// ads (allowances and ad duration 0); any other plan has at least one ad,
// one photo and one day online.
type PlanInput struct {
	Name           Localized `json:"name"`
	Description    Localized `json:"description"`
	PriceRp        int64     `json:"priceRp"`
	Duration       Duration  `json:"duration"`
	FreeMonths     int       `json:"freeMonths"`
	AdAllowance    int       `json:"adAllowance"`
	ImageAllowance int       `json:"imageAllowance"`
	AdDurationDays int       `json:"adDurationDays"`
	Popular        bool      `json:"popular"`
	SortOrder      int       `json:"sortOrder"`
}

// NewPlanInput is a plan to create: its id, kind and whether it is a
// bundle are fixed from then on.
type NewPlanInput struct {
	ID     string   `json:"id"`
	Kind   PlanKind `json:"kind"`
	Bundle bool     `json:"bundle"`
	PlanInput
}

// AdminUsers reads the acting administrator's account (for the audit
// entry's e-mail; *accounts.DynamoStore).
type AdminUsers interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// PlanAdmin implements the back office's plan rules. Safe for concurrent use.
type PlanAdmin struct {
	db       DynamoAPI
	table    string
	users    AdminUsers
	recorder *audit.Recorder
	now      func() time.Time
}

// NewPlanAdmin returns a PlanAdmin on table.
func NewPlanAdmin(db DynamoAPI, table string, users AdminUsers, recorder *audit.Recorder) *PlanAdmin {
	return &PlanAdmin{db: db, table: table, users: users, recorder: recorder, now: time.Now}
}

// adminPlanItem is a plan item with the fields of its administrative
// changes.
type adminPlanItem struct {
	planItem
	Version   int    `dynamodbav:"version,omitempty"`
	UpdatedAt string `dynamodbav:"updatedAt,omitempty"`
	UpdatedBy string `dynamodbav:"updatedBy,omitempty"`
}

func (it adminPlanItem) adminPlan() (AdminPlan, error) {
	p := AdminPlan{Plan: it.Plan, Version: it.Version, UpdatedBy: it.UpdatedBy}
	if it.UpdatedAt != "" {
		t, err := time.Parse(time.RFC3339Nano, it.UpdatedAt)
		if err != nil {
			return AdminPlan{}, fmt.Errorf("billing: plan %s: updatedAt: %w", it.ID, err)
		}
		p.UpdatedAt = t
	}
	return p, nil
}

// Plans lists every plan, retired ones included, in pricing-page order.
func (a *PlanAdmin) Plans(ctx context.Context) ([]AdminPlan, error) {
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(a.table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s(pkPlan)},
		ConsistentRead:            aws.Bool(true),
	}
	var out []AdminPlan
	for {
		res, err := a.db.Query(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("billing: admin plans: %w", err)
		}
		var items []adminPlanItem
		if err := attributevalue.UnmarshalListOfMaps(res.Items, &items); err != nil {
			return nil, fmt.Errorf("billing: admin plans: decode: %w", err)
		}
		for _, it := range items {
			p, err := it.adminPlan()
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		if len(res.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = res.LastEvaluatedKey
	}
	slices.SortStableFunc(out, func(x, y AdminPlan) int {
		if x.SortOrder != y.SortOrder {
			return x.SortOrder - y.SortOrder
		}
		return strings.Compare(x.ID, y.ID)
	})
	return out, nil
}

// plan reads plan id as stored: subscription_plan_not_found.
func (a *PlanAdmin) plan(ctx context.Context, id string) (adminPlanItem, error) {
	if id == "" || len(id) > planIDMax {
		return adminPlanItem{}, apperr.New(apperr.CodeSubscriptionPlanNotFound, fmt.Errorf("billing: plan id %q", id))
	}
	res, err := a.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(a.table), Key: ddb.Key(pkPlan, id), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return adminPlanItem{}, fmt.Errorf("billing: plan %s: %w", id, err)
	}
	if res.Item == nil {
		return adminPlanItem{}, apperr.New(apperr.CodeSubscriptionPlanNotFound, fmt.Errorf("billing: plan %s: %w", id, apperr.ErrNotFound))
	}
	var it adminPlanItem
	if err := attributevalue.UnmarshalMap(res.Item, &it); err != nil {
		return adminPlanItem{}, fmt.Errorf("billing: plan %s: decode: %w", id, err)
	}
	return it, nil
}

// Create adds a plan: validation_failed, plan_exists.
func (a *PlanAdmin) Create(ctx context.Context, admin auth.Principal, in NewPlanInput) (AdminPlan, error) {
	in.ID = strings.TrimSpace(in.ID)
	fields := map[string]string{}
	switch {
	case in.ID == "":
		fields["id"] = apperr.FieldRequired
	case len(in.ID) > planIDMax:
		fields["id"] = apperr.FieldTooLong
	case !planIDPattern.MatchString(in.ID):
		fields["id"] = apperr.FieldInvalid
	}
	switch in.Kind {
	case KindSubscription:
	case KindSingle:
		if in.Bundle {
			fields["bundle"] = apperr.FieldInvalid
		}
	case "":
		fields["kind"] = apperr.FieldRequired
	default:
		fields["kind"] = apperr.FieldInvalid
	}
	in.normalise()
	// Only a subscription plan can be a bundle (reported above otherwise).
	in.validate(in.Kind, in.Bundle && in.Kind != KindSingle, fields)
	if len(fields) > 0 {
		return AdminPlan{}, apperr.Validation(fields)
	}
	actor, err := a.actor(ctx, admin)
	if err != nil {
		return AdminPlan{}, err
	}
	p := Plan{ID: in.ID, Kind: in.Kind, Bundle: in.Bundle, Currency: money.Currency}
	in.apply(&p)
	it := adminPlanItem{planItem: planItem{PK: pkPlan, SK: p.ID, Type: typePlan, Plan: p}}
	if err := a.write(ctx, it, 0, true, audit.Change{
		Actor: actor, Action: AuditPlanCreate, TargetType: AuditTargetPlan, TargetID: p.ID,
		After: audit.Fit(planFields(p)),
	}); err != nil {
		return AdminPlan{}, err
	}
	return a.get(ctx, p.ID)
}

// Update replaces what an administrator edits on plan id, if version is
// still the plan's version: validation_failed, subscription_plan_not_found,
// edit_conflict. Orders already created keep the price they were made with.
func (a *PlanAdmin) Update(ctx context.Context, admin auth.Principal, id string, version int, in PlanInput) (AdminPlan, error) {
	cur, err := a.plan(ctx, id)
	if err != nil {
		return AdminPlan{}, err
	}
	in.normalise()
	fields := map[string]string{}
	in.validate(cur.Kind, cur.Bundle, fields)
	if version < 0 {
		fields["version"] = apperr.FieldInvalid
	}
	if len(fields) > 0 {
		return AdminPlan{}, apperr.Validation(fields)
	}
	if version != cur.Version {
		return AdminPlan{}, apperr.New(apperr.CodeEditConflict, fmt.Errorf("billing: update plan %s: version %d, stored %d", id, version, cur.Version))
	}
	actor, err := a.actor(ctx, admin)
	if err != nil {
		return AdminPlan{}, err
	}
	next := cur
	in.apply(&next.Plan)
	before, after := planDiff(planFields(cur.Plan), planFields(next.Plan))
	if len(after) == 0 {
		return a.get(ctx, id) // nothing changed: nothing to record
	}
	if err := a.write(ctx, next, cur.Version, false, audit.Change{
		Actor: actor, Action: AuditPlanUpdate, TargetType: AuditTargetPlan, TargetID: id,
		Before: audit.Fit(before), After: audit.Fit(after),
	}); err != nil {
		return AdminPlan{}, err
	}
	return a.get(ctx, id)
}

// SetRetired retires plan id (retired true) or offers it again. Setting
// the state the plan is in changes and records nothing. Errors:
// subscription_plan_not_found, conflict after repeated concurrent changes.
func (a *PlanAdmin) SetRetired(ctx context.Context, admin auth.Principal, id string, retired bool) (AdminPlan, error) {
	actor, err := a.actor(ctx, admin)
	if err != nil {
		return AdminPlan{}, err
	}
	action := AuditPlanReinstate
	if retired {
		action = AuditPlanRetire
	}
	for range maxPlanAttempts {
		cur, err := a.plan(ctx, id)
		if err != nil {
			return AdminPlan{}, err
		}
		if cur.Retired == retired {
			return cur.adminPlan()
		}
		next := cur
		next.Retired = retired
		err = a.write(ctx, next, cur.Version, false, audit.Change{
			Actor: actor, Action: action, TargetType: AuditTargetPlan, TargetID: id,
			Before: map[string]any{"retired": cur.Retired}, After: map[string]any{"retired": retired},
		})
		if errors.Is(err, apperr.New(apperr.CodeEditConflict, nil)) {
			continue // changed meanwhile: read again
		}
		if err != nil {
			return AdminPlan{}, err
		}
		return a.get(ctx, id)
	}
	return AdminPlan{}, apperr.New(apperr.CodeConflict, fmt.Errorf("billing: retire plan %s: too many concurrent changes", id))
}

func (a *PlanAdmin) get(ctx context.Context, id string) (AdminPlan, error) {
	it, err := a.plan(ctx, id)
	if err != nil {
		return AdminPlan{}, err
	}
	return it.adminPlan()
}

// write stores it as the next version after seen (created: a new plan)
// with change's audit entry in one transaction: plan_exists or
// edit_conflict when the condition fails.
func (a *PlanAdmin) write(ctx context.Context, it adminPlanItem, seen int, created bool, change audit.Change) error {
	it.Version = seen + 1
	it.UpdatedAt = a.now().UTC().Format(time.RFC3339Nano)
	it.UpdatedBy = change.Actor.Email
	item, err := marshal(it)
	if err != nil {
		return err
	}
	put := &types.Put{TableName: aws.String(a.table), Item: item}
	switch {
	case created:
		put.ConditionExpression = aws.String(notExists)
	case seen == 0:
		put.ConditionExpression = aws.String("attribute_exists(PK) AND attribute_not_exists(version)")
	default:
		put.ConditionExpression = aws.String("version = :v")
		put.ExpressionAttributeValues = map[string]types.AttributeValue{":v": n(int64(seen))}
	}
	entry, _, err := a.recorder.TransactItem(change)
	if err != nil {
		return fmt.Errorf("billing: %s %s: %w", change.Action, it.ID, err)
	}
	_, err = a.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{Put: put}, entry}})
	if reasons, ok := ddb.CancellationReasons(err); ok && len(reasons) > 0 && reasons[0] == "ConditionalCheckFailed" {
		if created {
			return apperr.New(apperr.CodePlanExists, fmt.Errorf("billing: create plan %s: %w", it.ID, err))
		}
		return apperr.New(apperr.CodeEditConflict, fmt.Errorf("billing: %s %s: %w", change.Action, it.ID, err))
	}
	if err != nil {
		return fmt.Errorf("billing: %s %s: %w", change.Action, it.ID, err)
	}
	return nil
}

func (a *PlanAdmin) actor(ctx context.Context, admin auth.Principal) (audit.Actor, error) {
	u, err := a.users.UserByID(ctx, admin.UserID)
	if err != nil {
		return audit.Actor{}, fmt.Errorf("billing: administrator %s: %w", admin.UserID, err)
	}
	return audit.Actor{ID: u.ID, Email: u.Email}, nil
}

// ---------------------------------------------------------------- validation

// The text rules of a plan's name and description in each language
// (package input).
var (
	planNameText        = input.Text{Max: PlanNameMax, Required: true}
	planDescriptionText = input.Text{Max: PlanDescriptionMax, Required: true, MultiLine: true}
)

func (in *PlanInput) normalise() {
	norm := func(l Localized, rule input.Text) Localized {
		out := Localized{}
		for k, v := range l {
			out[k] = rule.Normalize(v)
		}
		return out
	}
	in.Name, in.Description = norm(in.Name, planNameText), norm(in.Description, planDescriptionText)
}

// validate adds the field errors of in for a plan of kind (bundle or not)
// to fields.
func (in PlanInput) validate(kind PlanKind, bundle bool, fields map[string]string) {
	localized(fields, "name", in.Name, planNameText)
	localized(fields, "description", in.Description, planDescriptionText)
	if in.PriceRp < PlanPriceMinRp || in.PriceRp > PlanPriceMaxRp {
		fields["priceRp"] = apperr.FieldOutOfRange
	}
	switch in.Duration.Unit {
	case UnitDays:
		if in.Duration.Value < 1 || in.Duration.Value > PlanDaysMax {
			fields["duration.value"] = apperr.FieldOutOfRange
		}
	case UnitMonths:
		if in.Duration.Value < 1 || in.Duration.Value > PlanMonthsMax {
			fields["duration.value"] = apperr.FieldOutOfRange
		}
	case "":
		fields["duration.unit"] = apperr.FieldRequired
	default:
		fields["duration.unit"] = apperr.FieldInvalid
	}
	// Free months are a trial of a subscription plan (never of the single
	// publication).
	maxFree := PlanFreeMonthsMax
	if kind == KindSingle {
		maxFree = 0
	}
	if in.FreeMonths < 0 || in.FreeMonths > maxFree {
		fields["freeMonths"] = apperr.FieldOutOfRange
	}
	// A bundle buys visibility, not ads: its allowances stay 0 (ads cannot
	// be created on a bundle plan). Every other plan grants at least one.
	lo := 1
	if bundle {
		lo = 0
	}
	hi := func(limit int) int {
		if bundle {
			return 0
		}
		return limit
	}
	if in.AdAllowance < lo || in.AdAllowance > hi(PlanAdAllowanceMax) {
		fields["adAllowance"] = apperr.FieldOutOfRange
	}
	if in.ImageAllowance < lo || in.ImageAllowance > hi(PlanImageAllowanceMax) {
		fields["imageAllowance"] = apperr.FieldOutOfRange
	}
	if in.AdDurationDays < lo || in.AdDurationDays > hi(PlanAdDurationMax) {
		fields["adDurationDays"] = apperr.FieldOutOfRange
	}
	if in.SortOrder < 0 || in.SortOrder > PlanSortOrderMax {
		fields["sortOrder"] = apperr.FieldOutOfRange
	}
}

// localized checks that text has each of PlanLanguages (as rule
// accepts it) and nothing else: fields "<name>.<lang>", or "<name>" for
// an unknown language.
func localized(fields map[string]string, name string, text Localized, rule input.Text) {
	for _, lang := range PlanLanguages {
		if code := rule.Check(text[lang]); code != "" {
			fields[name+"."+lang] = code
		}
	}
	for lang := range text {
		if !slices.Contains(PlanLanguages, lang) {
			fields[name] = apperr.FieldInvalid
		}
	}
}

func (in PlanInput) apply(p *Plan) {
	p.Name, p.Description = in.Name, in.Description
	p.PriceRp, p.Duration, p.FreeMonths = in.PriceRp, in.Duration, in.FreeMonths
	p.AdAllowance, p.ImageAllowance, p.AdDurationDays = in.AdAllowance, in.ImageAllowance, in.AdDurationDays
	p.Popular, p.SortOrder = in.Popular, in.SortOrder
}

// ---------------------------------------------------------------- audit snapshots

// planFields flattens p into the fields an audit entry compares
// ("name.fr", "priceRp", ...).
func planFields(p Plan) map[string]any {
	f := map[string]any{
		"kind": p.Kind, "bundle": p.Bundle, "priceRp": p.PriceRp,
		"duration":   strconv.Itoa(p.Duration.Value) + " " + string(p.Duration.Unit),
		"freeMonths": p.FreeMonths, "adAllowance": p.AdAllowance, "imageAllowance": p.ImageAllowance,
		"adDurationDays": p.AdDurationDays, "popular": p.Popular, "sortOrder": p.SortOrder, "retired": p.Retired,
	}
	for _, lang := range PlanLanguages {
		f["name."+lang] = p.Name[lang]
		f["description."+lang] = p.Description[lang]
	}
	return f
}

// planDiff keeps the fields whose value differs between before and after.
func planDiff(before, after map[string]any) (map[string]any, map[string]any) {
	b, a := map[string]any{}, map[string]any{}
	for k, v := range after {
		if before[k] != v {
			b[k], a[k] = before[k], v
		}
	}
	return b, a
}
