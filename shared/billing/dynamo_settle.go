package billing

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// The DynamoStore's settlement of a paid order (one transaction: order,
// subscription, payment, invoice with its sequential number), a failed
// payment, and the invoices it issued.

// Settle implements Store (see keys.go for the transaction).
func (st *DynamoStore) Settle(ctx context.Context, x Settlement) (Invoice, error) {
	o := x.Order
	year := x.Invoice.IssuedAt.UTC().Year()
	seen, err := st.counter(ctx, year)
	if err != nil {
		return Invoice{}, err
	}
	inv := x.Invoice
	inv.Number = FormatInvoiceNumber(year, seen+1)

	var tx []types.TransactWriteItem
	put := func(v any, cond string) error {
		item, err := marshal(v)
		if err != nil {
			return err
		}
		tx = append(tx, types.TransactWriteItem{Put: &types.Put{TableName: aws.String(st.table), Item: item, ConditionExpression: aws.String(cond)}})
		return nil
	}
	idx := map[string]int{}
	mark := func(name string) { idx[name] = len(tx) }

	if x.EventID != "" {
		mark("event")
		if err := put(eventItem{PK: eventPK(x.EventID), SK: skEvent, Type: typeEvent, Event: EventPaymentSucceeded, OrderID: o.ID, At: ts(x.Payment.PaidAt)}, notExists); err != nil {
			return Invoice{}, err
		}
	}
	mark("order")
	tx = append(tx, types.TransactWriteItem{Update: &types.Update{
		TableName: aws.String(st.table), Key: ddb.Key(orderPK(o.ID), skOrder),
		UpdateExpression:         aws.String("SET #st = :paid, paidAt = :at, invoiceId = :inv, subscriptionId = :sub"),
		ConditionExpression:      aws.String("#st IN (:pending, :failed) AND totalRp = :amount AND currency = :cur"),
		ExpressionAttributeNames: map[string]string{"#st": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":paid": s(string(OrderPaid)), ":at": s(ts(x.Payment.PaidAt)), ":inv": s(inv.ID), ":sub": s(x.Subscription.ID),
			":pending": s(string(OrderPending)), ":failed": s(string(OrderFailed)),
			":amount": n(o.Amounts.TotalRp), ":cur": s(o.Currency),
		},
	}})
	mark("subscription")
	if x.PrevExpiresAt.IsZero() {
		if err := put(toSubItem(x.Subscription), notExists); err != nil {
			return Invoice{}, err
		}
	} else {
		sub := x.Subscription
		tx = append(tx, types.TransactWriteItem{Update: &types.Update{
			TableName: aws.String(st.table), Key: ddb.Key(userPK(sub.UserID), subSK(sub.ID)),
			UpdateExpression: aws.String("SET expiresAt = :exp, GSI3PK = :g3, adAllowance = :allow, " +
				"remainingAds = remainingAds + :add"),
			ConditionExpression: aws.String("expiresAt = :seen"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":exp": s(ts(sub.ExpiresAt)), ":g3": s(SubExpiryPK(sub.ExpiresAt)), ":allow": n(int64(sub.AdAllowance)),
				":add": n(int64(o.Plan.AdAllowance)), ":seen": s(ts(x.PrevExpiresAt)),
			},
		}})
	}
	p := x.Payment
	if err := put(paymentItem{
		PK: userPK(p.UserID), SK: paySK(p.PaidAt, p.OrderID), Type: typePayment, ID: p.ID, UID: p.UserID, OrderID: p.OrderID,
		PlanName: p.PlanName, SubscriptionID: p.SubscriptionID, Currency: p.Currency, AmountRp: p.AmountRp,
		Method: p.Method, InvoiceID: inv.ID, PaidAt: ts(p.PaidAt),
	}, notExists); err != nil {
		return Invoice{}, err
	}
	if err := put(toInvoiceItem(inv), notExists); err != nil {
		return Invoice{}, err
	}
	mark("counter")
	counterCond, counterVals := "attribute_not_exists(PK)", map[string]types.AttributeValue{":next": n(seen + 1)}
	if seen > 0 {
		counterCond = "n = :seen"
		counterVals[":seen"] = n(seen)
	}
	tx = append(tx, types.TransactWriteItem{Update: &types.Update{
		TableName: aws.String(st.table), Key: ddb.Key(pkCounter, counterSK(year)),
		UpdateExpression:          aws.String("SET n = :next, #t = :type"),
		ConditionExpression:       aws.String(counterCond),
		ExpressionAttributeNames:  map[string]string{"#t": ddb.AttrType},
		ExpressionAttributeValues: withType(counterVals),
	}})
	if o.Trial {
		mark("trial")
		if err := put(struct {
			PK      string `dynamodbav:"PK"`
			SK      string `dynamodbav:"SK"`
			Type    string `dynamodbav:"type"`
			OrderID string `dynamodbav:"orderId"`
		}{userPK(o.UserID), trialSK(o.PlanID), typeTrialGuard, o.ID}, notExists); err != nil {
			return Invoice{}, err
		}
	}

	_, err = st.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: tx})
	if reasons, ok := ddb.CancellationReasons(err); ok {
		failed := func(name string) bool {
			i, ok := idx[name]
			return ok && i < len(reasons) && reasons[i] == "ConditionalCheckFailed"
		}
		switch {
		case failed("event"):
			return Invoice{}, fmt.Errorf("billing: settle order %s with event %s: %w", o.ID, x.EventID, ErrDuplicateEvent)
		case failed("order"):
			return Invoice{}, fmt.Errorf("billing: settle order %s: %w", o.ID, ErrOrderNotSettleable)
		case failed("trial"):
			return Invoice{}, fmt.Errorf("billing: settle order %s: %w", o.ID, ErrTrialUsed)
		case failed("subscription"), failed("counter"), slices.Contains(reasons, "TransactionConflict"):
			return Invoice{}, fmt.Errorf("billing: settle order %s: %w", o.ID, errRace)
		}
	}
	if err != nil {
		return Invoice{}, fmt.Errorf("billing: settle order %s: %w", o.ID, err)
	}
	return inv, nil
}

func withType(vals map[string]types.AttributeValue) map[string]types.AttributeValue {
	vals[":type"] = s(typeCounter)
	return vals
}

// counter reads the number of invoices issued in year (0 before the first).
func (st *DynamoStore) counter(ctx context.Context, year int) (int64, error) {
	var it struct {
		N int64 `dynamodbav:"n"`
	}
	err := st.get(ctx, pkCounter, counterSK(year), &it)
	if errors.Is(err, apperr.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("billing: invoice counter %d: %w", year, err)
	}
	return it.N, nil
}

// FailOrder implements Store.
func (st *DynamoStore) FailOrder(ctx context.Context, o Order, eventID string, now time.Time) error {
	ev, err := marshal(eventItem{PK: eventPK(eventID), SK: skEvent, Type: typeEvent, Event: EventPaymentFailed, OrderID: o.ID, At: ts(now)})
	if err != nil {
		return err
	}
	pay, err := marshal(paymentItem{
		PK: userPK(o.UserID), SK: paySK(now, o.ID) + "#" + eventID, Type: typePayment, ID: "failed-" + eventID, UID: o.UserID, OrderID: o.ID,
		PlanName: o.PlanName, Currency: o.Currency, AmountRp: o.Amounts.TotalRp, Method: PaymentMethodCard, PaidAt: ts(now), Failed: true,
	})
	if err != nil {
		return err
	}
	_, err = st.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(st.table), Item: ev, ConditionExpression: aws.String(notExists)}},
		{Update: &types.Update{
			TableName: aws.String(st.table), Key: ddb.Key(orderPK(o.ID), skOrder),
			UpdateExpression:          aws.String("SET #st = :failed, failedAt = :at"),
			ConditionExpression:       aws.String("#st = :pending"),
			ExpressionAttributeNames:  map[string]string{"#st": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":failed": s(string(OrderFailed)), ":pending": s(string(OrderPending)), ":at": s(ts(now))},
		}},
		{Put: &types.Put{TableName: aws.String(st.table), Item: pay, ConditionExpression: aws.String(notExists)}},
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok && len(reasons) == 3 {
		if reasons[0] == "ConditionalCheckFailed" {
			return fmt.Errorf("billing: fail order %s with event %s: %w", o.ID, eventID, ErrDuplicateEvent)
		}
		if reasons[1] == "ConditionalCheckFailed" {
			return fmt.Errorf("billing: fail order %s: %w", o.ID, ErrOrderNotSettleable)
		}
	}
	if err != nil {
		return fmt.Errorf("billing: fail order %s: %w", o.ID, err)
	}
	return nil
}

// Invoice implements Store.
func (st *DynamoStore) Invoice(ctx context.Context, id string) (Invoice, error) {
	var it invoiceItem
	if err := st.get(ctx, invoicePK(id), skInvoice, &it); err != nil {
		return Invoice{}, fmt.Errorf("billing: invoice %s: %w", id, notFoundAs(err, apperr.CodeInvoiceNotFound))
	}
	return it.invoice()
}

// SetInvoicePDF implements Store.
func (st *DynamoStore) SetInvoicePDF(ctx context.Context, id, key string) error {
	_, err := st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(st.table), Key: ddb.Key(invoicePK(id), skInvoice),
		UpdateExpression:          aws.String("SET pdfKey = :k"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":k": s(key)},
	})
	if err != nil {
		return fmt.Errorf("billing: set pdf of invoice %s: %w", id, err)
	}
	return nil
}
