package billing

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/invoice"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/secrets"
)

// Wiring is what both billing functions build at cold start.
type Wiring struct {
	Service  *Service
	Verifier *auth.Verifier
}

// Wire builds the billing service of a function from its configuration
// and SSM: the provider by config.PaymentMode (stripe needs
// stripe-secret-key and stripe-webhook-secret; test mode uses
// stripe-webhook-secret or else test-webhook-secret), the store, the
// invoice PDFs in the images bucket, SES, and the token verifier (from
// jwt-public-key: billing only verifies tokens, so it never reads the
// private signing key). payments makes the provider's adapters
// (stripeprovider.Payments): only the two billing functions pass one, so
// no other function that imports billing links the provider's SDK.
func Wire(ctx context.Context, cfg config.Config, awsCfg aws.Config, payments Payments) (Wiring, error) {
	ssmClient := ssm.NewFromConfig(awsCfg)
	sec, err := secrets.Load(ctx, ssmClient, cfg.SSMPrefix, secrets.JWTPublicKey)
	if err != nil {
		return Wiring{}, fmt.Errorf("billing: %w", err)
	}
	opt, err := secrets.LoadOptional(ctx, ssmClient, cfg.SSMPrefix, secrets.StripeSecretKey, secrets.StripeWebhookSecret, secrets.TestWebhookSecret)
	if err != nil {
		return Wiring{}, fmt.Errorf("billing: %w", err)
	}
	opts := Options{
		PublishableKey: cfg.StripePublishableKey, From: cfg.MailFrom, SiteURL: cfg.SiteURL,
		Seller: Seller{Name: cfg.InvoiceSellerName, Address: cfg.InvoiceSellerAddress, VATNumber: cfg.InvoiceSellerVAT},
	}
	switch cfg.PaymentMode() {
	case config.PaymentStripe:
		key, whsec := opt[secrets.StripeSecretKey], opt[secrets.StripeWebhookSecret]
		if key == "" || whsec == "" {
			return Wiring{}, fmt.Errorf("billing: %s is set, so %s and %s are required in SSM under %s",
				config.EnvStripePublishableKey, secrets.StripeSecretKey, secrets.StripeWebhookSecret, cfg.SSMPrefix)
		}
		opts.Provider, opts.Events = payments.Provider(key), payments.Events(whsec)
	case config.PaymentTest:
		whsec := opt[secrets.StripeWebhookSecret]
		if whsec == "" {
			whsec = opt[secrets.TestWebhookSecret]
		}
		if whsec == "" {
			// Without a secret nothing could be verified: payments stay off
			// (orders answer payments_unavailable, every event is rejected)
			// while the rest of billing keeps working.
			slog.WarnContext(ctx, "billing: test mode without a webhook secret; payments are off",
				"ssm", cfg.SSMPrefix+"/"+secrets.TestWebhookSecret)
			break
		}
		opts.Provider, opts.Events, opts.TestPayer = TestProvider{}, payments.Events(whsec), payments.TestPayer(cfg.SiteURL, whsec)
	}
	pub, err := auth.ParsePublicKey(sec[secrets.JWTPublicKey])
	if err != nil {
		return Wiring{}, fmt.Errorf("billing: %s/%s: %w", cfg.SSMPrefix, secrets.JWTPublicKey, err)
	}
	verifier, err := auth.NewVerifier(pub)
	if err != nil {
		return Wiring{}, fmt.Errorf("billing: %w", err)
	}
	db := dynamodb.NewFromConfig(awsCfg)
	opts.Limiter = ratelimit.New(db, cfg.TableName)
	users := accounts.NewDynamoStore(db, cfg.TableName)
	s3Client := s3.NewFromConfig(awsCfg, func(o *s3.Options) { o.UsePathStyle = cfg.S3UsePathStyle })
	svc := NewService(NewDynamoStore(db, cfg.TableName), AccountsCustomers{Users: users},
		InvoicePDFs{Store: invoice.NewStore(s3Client, cfg.ImagesBucket)}, mail.NewSESSender(sesv2.NewFromConfig(awsCfg)), opts)
	return Wiring{Service: svc, Verifier: verifier.WithTokenVersions(users)}, nil
}

// Handler is the BillingFunction's API.
func (w Wiring) Handler() http.Handler { return NewHandler(w.Service, w.Verifier) }
