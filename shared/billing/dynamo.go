package billing

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/money"
)

// DynamoAPI is the part of the DynamoDB client billing's stores use.
type DynamoAPI = ddb.API

// DynamoStore is the Store on the single table (see keys.go).
type DynamoStore struct {
	db    DynamoAPI
	table string
}

var _ Store = (*DynamoStore)(nil)

// NewDynamoStore returns a store on table.
func NewDynamoStore(db DynamoAPI, table string) *DynamoStore {
	return &DynamoStore{db: db, table: table}
}

// ---------------------------------------------------------------- items

type planItem struct {
	PK          string `dynamodbav:"PK"`
	SK          string `dynamodbav:"SK"`
	Type        string `dynamodbav:"type"`
	SeedVersion int    `dynamodbav:"seedVersion"`
	Plan
}

type subItem struct {
	PK             string    `dynamodbav:"PK"`
	SK             string    `dynamodbav:"SK"`
	GSI3PK         string    `dynamodbav:"GSI3PK"`
	GSI3SK         string    `dynamodbav:"GSI3SK"`
	Type           string    `dynamodbav:"type"`
	ID             string    `dynamodbav:"id"`
	UID            string    `dynamodbav:"uid"`
	PlanID         string    `dynamodbav:"planId"`
	PlanKind       string    `dynamodbav:"planKind"`
	PlanName       Localized `dynamodbav:"planName"`
	StartsAt       string    `dynamodbav:"startsAt"`
	ExpiresAt      string    `dynamodbav:"expiresAt"`
	AdAllowance    int       `dynamodbav:"adAllowance"`
	RemainingAds   int       `dynamodbav:"remainingAds"`
	ImageAllowance int       `dynamodbav:"imageAllowance"`
	AdDurationDays int       `dynamodbav:"adDurationDays"`
	Bundle         bool      `dynamodbav:"bundle"`
	Trial          bool      `dynamodbav:"trial"`
}

func toSubItem(s Subscription) subItem {
	return subItem{
		PK: userPK(s.UserID), SK: subSK(s.ID), GSI3PK: SubExpiryPK(s.ExpiresAt), GSI3SK: s.UserID + "#" + s.ID,
		Type: typeSubscription, ID: s.ID, UID: s.UserID, PlanID: s.PlanID, PlanKind: string(s.PlanKind),
		PlanName: s.PlanName, StartsAt: ts(s.StartsAt), ExpiresAt: ts(s.ExpiresAt),
		AdAllowance: s.AdAllowance, RemainingAds: s.RemainingAds, ImageAllowance: s.ImageAllowance,
		AdDurationDays: s.AdDurationDays, Bundle: s.Bundle, Trial: s.Trial,
	}
}

func (it subItem) subscription() (Subscription, error) {
	start, err1 := time.Parse(time.RFC3339Nano, it.StartsAt)
	end, err2 := time.Parse(time.RFC3339Nano, it.ExpiresAt)
	if err := errors.Join(err1, err2); err != nil {
		return Subscription{}, fmt.Errorf("billing: subscription %s: %w", it.ID, err)
	}
	return Subscription{
		ID: it.ID, UserID: it.UID, PlanID: it.PlanID, PlanKind: PlanKind(it.PlanKind), PlanName: it.PlanName,
		StartsAt: start, ExpiresAt: end, AdAllowance: it.AdAllowance, RemainingAds: it.RemainingAds,
		ImageAllowance: it.ImageAllowance, AdDurationDays: it.AdDurationDays, Bundle: it.Bundle, Trial: it.Trial,
	}, nil
}

type orderItem struct {
	PK             string    `dynamodbav:"PK"`
	SK             string    `dynamodbav:"SK"`
	GSI1PK         string    `dynamodbav:"GSI1PK"`
	GSI1SK         string    `dynamodbav:"GSI1SK"`
	Type           string    `dynamodbav:"type"`
	ID             string    `dynamodbav:"id"`
	UID            string    `dynamodbav:"uid"`
	PlanID         string    `dynamodbav:"planId"`
	PlanName       Localized `dynamodbav:"planName"`
	Plan           Plan      `dynamodbav:"plan"`
	Lines          []Line    `dynamodbav:"lines"`
	NetRp          int64     `dynamodbav:"netRp"`
	VATRateBp      int64     `dynamodbav:"vatRateBp"`
	VATRp          int64     `dynamodbav:"vatRp"`
	TotalRp        int64     `dynamodbav:"totalRp"`
	Currency       string    `dynamodbav:"currency"`
	Status         string    `dynamodbav:"status"`
	Provider       string    `dynamodbav:"provider"`
	Trial          bool      `dynamodbav:"trial"`
	IntentID       string    `dynamodbav:"intentId,omitempty"`
	ClientSecret   string    `dynamodbav:"clientSecret,omitempty"`
	CreatedAt      string    `dynamodbav:"createdAt"`
	PaidAt         string    `dynamodbav:"paidAt,omitempty"`
	InvoiceID      string    `dynamodbav:"invoiceId,omitempty"`
	SubscriptionID string    `dynamodbav:"subscriptionId,omitempty"`
}

func toOrderItem(o Order) orderItem {
	it := orderItem{
		PK: orderPK(o.ID), SK: skOrder, GSI1PK: buyerGSI1Prefix + o.UserID, GSI1SK: orderGSI1SKPrefix + ts(o.CreatedAt),
		Type: typeOrder, ID: o.ID, UID: o.UserID, PlanID: o.PlanID, PlanName: o.PlanName, Plan: o.Plan, Lines: o.Lines,
		NetRp: o.Amounts.NetRp, VATRateBp: int64(o.Amounts.VATRateBp), VATRp: o.Amounts.VATRp, TotalRp: o.Amounts.TotalRp,
		Currency: o.Currency, Status: string(o.Status), Provider: string(o.Provider), Trial: o.Trial,
		IntentID: o.IntentID, ClientSecret: o.ClientSecret, CreatedAt: ts(o.CreatedAt),
		InvoiceID: o.InvoiceID, SubscriptionID: o.SubscriptionID,
	}
	if !o.PaidAt.IsZero() {
		it.PaidAt = ts(o.PaidAt)
	}
	return it
}

func (it orderItem) order() (Order, error) {
	created, err := time.Parse(time.RFC3339Nano, it.CreatedAt)
	if err != nil {
		return Order{}, fmt.Errorf("billing: order %s: createdAt: %w", it.ID, err)
	}
	o := Order{
		ID: it.ID, UserID: it.UID, PlanID: it.PlanID, PlanName: it.PlanName, Plan: it.Plan, Lines: it.Lines,
		Amounts:  Amounts{NetRp: it.NetRp, VATRateBp: money.BasisPoints(it.VATRateBp), VATRp: it.VATRp, TotalRp: it.TotalRp},
		Currency: it.Currency, Status: OrderStatus(it.Status), Provider: ProviderName(it.Provider), Trial: it.Trial,
		IntentID: it.IntentID, ClientSecret: it.ClientSecret, CreatedAt: created,
		InvoiceID: it.InvoiceID, SubscriptionID: it.SubscriptionID,
	}
	if it.PaidAt != "" {
		if o.PaidAt, err = time.Parse(time.RFC3339Nano, it.PaidAt); err != nil {
			return Order{}, fmt.Errorf("billing: order %s: paidAt: %w", it.ID, err)
		}
	}
	return o, nil
}

type eventItem struct {
	PK      string `dynamodbav:"PK"`
	SK      string `dynamodbav:"SK"`
	Type    string `dynamodbav:"type"`
	Event   string `dynamodbav:"event"`
	OrderID string `dynamodbav:"orderId"`
	At      string `dynamodbav:"at"`
}

type paymentItem struct {
	PK             string    `dynamodbav:"PK"`
	SK             string    `dynamodbav:"SK"`
	Type           string    `dynamodbav:"type"`
	ID             string    `dynamodbav:"id"`
	UID            string    `dynamodbav:"uid"`
	OrderID        string    `dynamodbav:"orderId"`
	PlanName       Localized `dynamodbav:"planName"`
	SubscriptionID string    `dynamodbav:"subscriptionId"`
	Currency       string    `dynamodbav:"currency"`
	AmountRp       int64     `dynamodbav:"amountRp"`
	Method         string    `dynamodbav:"method"`
	InvoiceID      string    `dynamodbav:"invoiceId,omitempty"`
	PaidAt         string    `dynamodbav:"paidAt"`
	Failed         bool      `dynamodbav:"failed,omitempty"`
}

type invoiceItem struct {
	PK            string `dynamodbav:"PK"`
	SK            string `dynamodbav:"SK"`
	GSI1PK        string `dynamodbav:"GSI1PK"`
	GSI1SK        string `dynamodbav:"GSI1SK"`
	Type          string `dynamodbav:"type"`
	ID            string `dynamodbav:"id"`
	Number        string `dynamodbav:"number"`
	UID           string `dynamodbav:"uid"`
	OrderID       string `dynamodbav:"orderId"`
	Language      string `dynamodbav:"language"`
	IssuedAt      string `dynamodbav:"issuedAt"`
	Seller        Party  `dynamodbav:"seller"`
	Customer      Party  `dynamodbav:"customer"`
	Lines         []Line `dynamodbav:"lines"`
	NetRp         int64  `dynamodbav:"netRp"`
	VATRateBp     int64  `dynamodbav:"vatRateBp"`
	VATRp         int64  `dynamodbav:"vatRp"`
	TotalRp       int64  `dynamodbav:"totalRp"`
	Currency      string `dynamodbav:"currency"`
	PaymentMethod string `dynamodbav:"paymentMethod"`
	PaidAt        string `dynamodbav:"paidAt"`
	PDFKey        string `dynamodbav:"pdfKey,omitempty"`
}

func toInvoiceItem(inv Invoice) invoiceItem {
	return invoiceItem{
		PK: invoicePK(inv.ID), SK: skInvoice, GSI1PK: invoicesGSI1 + inv.UserID, GSI1SK: ts(inv.IssuedAt),
		Type: typeInvoice, ID: inv.ID, Number: inv.Number, UID: inv.UserID, OrderID: inv.OrderID, Language: inv.Language,
		IssuedAt: ts(inv.IssuedAt), Seller: inv.Seller, Customer: inv.Customer, Lines: inv.Lines,
		NetRp: inv.Amounts.NetRp, VATRateBp: int64(inv.Amounts.VATRateBp), VATRp: inv.Amounts.VATRp, TotalRp: inv.Amounts.TotalRp,
		Currency: inv.Currency, PaymentMethod: inv.PaymentMethod, PaidAt: ts(inv.PaidAt), PDFKey: inv.PDFKey,
	}
}

func (it invoiceItem) invoice() (Invoice, error) {
	issued, err1 := time.Parse(time.RFC3339Nano, it.IssuedAt)
	paid, err2 := time.Parse(time.RFC3339Nano, it.PaidAt)
	if err := errors.Join(err1, err2); err != nil {
		return Invoice{}, fmt.Errorf("billing: invoice %s: %w", it.ID, err)
	}
	return Invoice{
		ID: it.ID, Number: it.Number, UserID: it.UID, OrderID: it.OrderID, Language: it.Language, IssuedAt: issued,
		Seller: it.Seller, Customer: it.Customer, Lines: it.Lines,
		Amounts:  Amounts{NetRp: it.NetRp, VATRateBp: money.BasisPoints(it.VATRateBp), VATRp: it.VATRp, TotalRp: it.TotalRp},
		Currency: it.Currency, PaymentMethod: it.PaymentMethod, PaidAt: paid, PDFKey: it.PDFKey,
	}, nil
}

func marshal(v any) (map[string]types.AttributeValue, error) {
	av, err := attributevalue.MarshalMap(v)
	if err != nil {
		return nil, fmt.Errorf("billing: marshal %T: %w", v, err)
	}
	return av, nil
}

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

func n(v int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}
}

const notExists = "attribute_not_exists(PK)"

// ---------------------------------------------------------------- plans

// SeedPlans writes SeededPlans into table: a plan is created when absent
// and replaced only when its stored seedVersion is older than SeedVersion
// and no administrator has changed it since (updatedAt, plan_admin.go), so
// running it on every start is idempotent and never overwrites an
// administrator's edit.
func SeedPlans(ctx context.Context, db DynamoAPI, table string) error {
	for _, p := range SeededPlans() {
		item, err := marshal(planItem{PK: pkPlan, SK: p.ID, Type: typePlan, SeedVersion: SeedVersion, Plan: p})
		if err != nil {
			return err
		}
		_, err = db.PutItem(ctx, &dynamodb.PutItemInput{
			TableName: aws.String(table), Item: item,
			ConditionExpression:       aws.String("attribute_not_exists(PK) OR (seedVersion < :v AND attribute_not_exists(updatedAt))"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":v": n(SeedVersion)},
		})
		if err != nil && !ddb.IsConditionFailed(err) {
			return fmt.Errorf("billing: seed plan %s: %w", p.ID, err)
		}
	}
	return nil
}

// Plans implements Store: every plan in pricing-page order.
func (st *DynamoStore) Plans(ctx context.Context) ([]Plan, error) {
	items, err := ddb.QueryAll[planItem](ctx, st.db, &dynamodb.QueryInput{
		TableName:                 aws.String(st.table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s(pkPlan)},
	})
	if err != nil {
		return nil, fmt.Errorf("billing: plans: %w", err)
	}
	plans := make([]Plan, len(items))
	for i, it := range items {
		plans[i] = it.Plan
	}
	slices.SortStableFunc(plans, func(a, b Plan) int { return a.SortOrder - b.SortOrder })
	return plans, nil
}

// Plan implements Store.
func (st *DynamoStore) Plan(ctx context.Context, id string) (Plan, error) {
	var it planItem
	if err := st.get(ctx, pkPlan, id, &it); err != nil {
		return Plan{}, fmt.Errorf("billing: plan %q: %w", id, notFoundAs(err, apperr.CodeSubscriptionPlanNotFound))
	}
	return it.Plan, nil
}

// ---------------------------------------------------------------- orders

// PutOrder implements Store.
func (st *DynamoStore) PutOrder(ctx context.Context, o Order) error {
	item, err := marshal(toOrderItem(o))
	if err != nil {
		return err
	}
	if _, err := st.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(st.table), Item: item, ConditionExpression: aws.String(notExists),
	}); err != nil {
		return fmt.Errorf("billing: put order %s: %w", o.ID, err)
	}
	return nil
}

// Order implements Store.
func (st *DynamoStore) Order(ctx context.Context, id string) (Order, error) {
	var it orderItem
	if err := st.get(ctx, orderPK(id), skOrder, &it); err != nil {
		return Order{}, fmt.Errorf("billing: order %s: %w", id, notFoundAs(err, apperr.CodeOrderNotFound))
	}
	return it.order()
}

// SetOrderIntent implements Store.
func (st *DynamoStore) SetOrderIntent(ctx context.Context, id, intentID, clientSecret string) error {
	_, err := st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(st.table), Key: ddb.Key(orderPK(id), skOrder),
		UpdateExpression:          aws.String("SET intentId = :i, clientSecret = :c"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":i": s(intentID), ":c": s(clientSecret)},
	})
	if err != nil {
		return fmt.Errorf("billing: set intent of order %s: %w", id, err)
	}
	return nil
}

// ---------------------------------------------------------------- subscriptions and payments

// Subscriptions implements Store.
func (st *DynamoStore) Subscriptions(ctx context.Context, uid string) ([]Subscription, error) {
	items, err := ddb.QueryAll[subItem](ctx, st.db, &dynamodb.QueryInput{
		TableName:                 aws.String(st.table),
		KeyConditionExpression:    aws.String("PK = :pk AND begins_with(SK, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s(userPK(uid)), ":p": s(subSKPrefix)},
		ScanIndexForward:          aws.Bool(false),
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		return nil, fmt.Errorf("billing: subscriptions of %s: %w", uid, err)
	}
	out := make([]Subscription, 0, len(items))
	for _, it := range items {
		sub, err := it.subscription()
		if err != nil {
			return nil, err
		}
		out = append(out, sub)
	}
	return out, nil
}

// Payments implements Store.
func (st *DynamoStore) Payments(ctx context.Context, uid string) ([]Payment, error) {
	items, err := ddb.QueryAll[paymentItem](ctx, st.db, &dynamodb.QueryInput{
		TableName:                 aws.String(st.table),
		KeyConditionExpression:    aws.String("PK = :pk AND begins_with(SK, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s(userPK(uid)), ":p": s(paySKPrefix)},
		ScanIndexForward:          aws.Bool(false),
	})
	if err != nil {
		return nil, fmt.Errorf("billing: payments of %s: %w", uid, err)
	}
	out := make([]Payment, 0, len(items))
	for _, it := range items {
		paid, err := time.Parse(time.RFC3339Nano, it.PaidAt)
		if err != nil {
			return nil, fmt.Errorf("billing: payment %s: %w", it.ID, err)
		}
		out = append(out, Payment{
			ID: it.ID, UserID: it.UID, OrderID: it.OrderID, PlanName: it.PlanName, SubscriptionID: it.SubscriptionID,
			Currency: it.Currency, AmountRp: it.AmountRp, Method: it.Method, InvoiceID: it.InvoiceID, PaidAt: paid, Failed: it.Failed,
		})
	}
	return out, nil
}

// ---------------------------------------------------------------- helpers

// get reads one item strongly consistently into out; absent is apperr
// not_found.
func (st *DynamoStore) get(ctx context.Context, pk, sk string, out any) error {
	found, err := ddb.Get(ctx, st.db, st.table, ddb.Key(pk, sk), out)
	if err != nil {
		return fmt.Errorf("billing: get %s/%s: %w", pk, sk, err)
	}
	if !found {
		return apperr.ErrNotFound
	}
	return nil
}

// notFoundAs turns a generic not_found into the domain's code.
func notFoundAs(err error, code apperr.Code) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return apperr.New(code, err)
	}
	return err
}
