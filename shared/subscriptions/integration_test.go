package subscriptions_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/subscriptions"
)

// now is a fixed run time; subscriptions are placed around it.
var now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

type fixture struct {
	db    *dynamodb.Client
	table string
	box   *testcloud.Mailbox
	svc   *subscriptions.Service
}

func setup(t *testing.T) *fixture {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	ses, box := testcloud.SES(t)
	users := accounts.NewDynamoStore(db, table)
	svc := subscriptions.NewService(subscriptions.NewDynamoStore(db, table), users, mail.NewSESSender(ses),
		subscriptions.Options{From: "no-reply@remat.ch", SiteURL: "https://remat.example/"})
	return &fixture{db: db, table: table, box: box, svc: svc}
}

func (f *fixture) user(t *testing.T, uid, lang string, status accounts.Status) {
	t.Helper()
	u := accounts.User{
		ID: uid, FirstName: "Nora", LastName: "Test", Email: uid + "@example.ch", Language: lang,
		Role: "user", AccountType: "private", Status: status, CreatedAt: now.Add(-1000 * time.Hour),
	}
	tok := accounts.Token{Hash: "h-" + uid, Kind: "verify", UserID: uid, ExpiresAt: now.Add(time.Hour)}
	if err := accounts.NewDynamoStore(f.db, f.table).CreateUser(context.Background(), u, tok); err != nil {
		t.Fatal(err)
	}
}

// sub writes a subscription the way shared/billing does (see its keys.go).
func (f *fixture) sub(t *testing.T, uid, id string, expires time.Time) {
	t.Helper()
	item := map[string]any{
		"PK": "USER#" + uid, "SK": "SUB#" + id,
		"GSI3PK": subscriptions.ExpiryPK(expires), "GSI3SK": uid + "#" + id,
		"type": "Subscription", "id": id, "uid": uid, "planId": "starter",
		"planName":    map[string]string{"en": "Starter", "fr": "Starter", "de": "Starter", "it": "Starter", "sq": "Fillestar"},
		"startsAt":    expires.AddDate(0, -3, 0).UTC().Format("2006-01-02T15:04:05.000000000Z07:00"),
		"expiresAt":   expires.UTC().Format("2006-01-02T15:04:05.000000000Z07:00"),
		"adAllowance": 5, "remainingAds": 2,
	}
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(f.table), Item: av}); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) attrs(t *testing.T, uid, id string) map[string]types.AttributeValue {
	t.Helper()
	out, err := f.db.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(f.table), Key: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "USER#" + uid}, "SK": &types.AttributeValueMemberS{Value: "SUB#" + id},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

func (f *fixture) mailsTo(addr string) []string {
	var subjects []string
	for _, m := range f.box.Messages() {
		for _, to := range m.To {
			if to == addr {
				subjects = append(subjects, m.Subject)
			}
		}
	}
	return subjects
}

func TestRunExpiresAndRemindsOnce(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	f.user(t, "ufr", "fr", accounts.StatusActive)
	f.user(t, "usq", "sq", accounts.StatusActive)
	f.user(t, "ude", "de", accounts.StatusActive)
	f.user(t, "ubanned", "en", accounts.StatusBanned)
	f.sub(t, "ude", "expired", now.Add(-time.Hour))
	f.sub(t, "ude", "expired2daysago", now.Add(-47*time.Hour))
	f.sub(t, "ufr", "soon", now.Add(3*24*time.Hour))
	f.sub(t, "usq", "edge", now.Add(ReminderLeadMinus(time.Minute)))
	f.sub(t, "ude", "later", now.Add(7*24*time.Hour+time.Hour))
	f.sub(t, "ubanned", "banned", now.Add(2*24*time.Hour))
	f.sub(t, "ugone", "gone", now.Add(2*24*time.Hour))

	rep, err := f.svc.Run(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	want := subscriptions.Report{Expired: 2, Reminded: 2, Skipped: 2}
	if rep != want {
		t.Errorf("first run: got %+v, want %+v", rep, want)
	}
	fr := f.mailsTo("ufr@example.ch")
	if len(fr) != 1 || fr[0] != "Votre abonnement Remat «Starter» expire le 13.03.2026" {
		t.Errorf("French reminder: got %q, want one with the expiry date", fr)
	}
	sq := f.mailsTo("usq@example.ch")
	if len(sq) != 1 || !strings.Contains(sq[0], "“Fillestar” skadon më 17.03.2026") {
		t.Errorf("Albanian reminder: got %q", sq)
	}
	if got := f.mailsTo("ude@example.ch"); len(got) != 0 {
		t.Errorf("no reminder for expired or later subscriptions: got %q", got)
	}
	if _, ok := f.attrs(t, "ude", "expired")["expiredAt"]; !ok {
		t.Error("expired subscription has no expiredAt")
	}
	if _, ok := f.attrs(t, "ude", "later")["expiredAt"]; ok {
		t.Error("later subscription marked expired")
	}
	msgs := f.box.Messages()
	if len(msgs) != 2 || !strings.Contains(msgs[0].Text, "https://remat.example/") || !strings.Contains(msgs[0].HTML, "/user/payment-details") {
		t.Errorf("reminder links: got %+v", msgs)
	}

	// Repeated and overlapping runs change nothing.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			rep, err := f.svc.Run(ctx, now.Add(30*time.Minute))
			if err != nil || rep != (subscriptions.Report{}) {
				t.Errorf("repeat run: got %+v, %v, want nothing done", rep, err)
			}
		})
	}
	wg.Wait()
	if n := len(f.box.Messages()); n != 2 {
		t.Errorf("after repeats: got %d mails, want 2", n)
	}

	// Billing extends "soon" (new expiry, new GSI3 day): a new reminder
	// before the new date, not before.
	f.sub(t, "ufr", "soon", now.Add(10*24*time.Hour))
	if _, err := f.svc.Run(ctx, now.Add(45*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got := f.mailsTo("ufr@example.ch"); len(got) != 1 {
		t.Errorf("extended, 9 days left: got %q, want no new reminder", got)
	}
	if _, err := f.svc.Run(ctx, now.Add(3*24*time.Hour+time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got := f.mailsTo("ufr@example.ch"); len(got) != 2 || !strings.Contains(got[1], "20.03.2026") {
		t.Errorf("extended, 7 days left: got %q, want a second reminder for 20.03.2026", got)
	}
}

// ReminderLeadMinus is just inside the reminder window.
func ReminderLeadMinus(d time.Duration) time.Duration { return subscriptions.ReminderLead - d }

func TestRunRetriesFailedMail(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	f.user(t, "uit", "it", accounts.StatusActive)
	f.sub(t, "uit", "s1", now.Add(5*24*time.Hour))

	f.box.SetFailure(errors.New("SES down"))
	rep, err := f.svc.Run(ctx, now)
	if err == nil || rep.Failed != 1 {
		t.Fatalf("failing SES: got %+v, %v, want one failure and an error", rep, err)
	}
	if _, ok := f.attrs(t, "uit", "s1")["reminderSentAt"]; ok {
		t.Error("claim kept after a failed send")
	}
	f.box.SetFailure(nil)
	rep, err = f.svc.Run(ctx, now.Add(time.Hour))
	if err != nil || rep.Reminded != 1 {
		t.Fatalf("retry: got %+v, %v, want one reminder", rep, err)
	}
	it := f.mailsTo("uit@example.ch")
	if len(it) != 1 || it[0] != "Il tuo abbonamento Remat «Starter» scade il 15.03.2026" {
		t.Errorf("Italian reminder: got %q", it)
	}
}
