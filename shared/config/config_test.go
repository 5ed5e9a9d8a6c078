package config

import (
	"errors"
	"log/slog"
	"strings"
	"testing"
)

func env(m map[string]string) LookupFunc {
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

func validEnv() map[string]string {
	return map[string]string{
		EnvStage:        "dev",
		EnvTableName:    "remat-dev",
		EnvImagesBucket: "remat-dev-images",
		EnvSSMPrefix:    "/remat/dev",
		EnvMailFrom:     "no-reply@remat.ch",
		EnvContactInbox: "contact@remat.ch",
		EnvAWSRegion:    "eu-central-2",
	}
}

func TestLoadValid(t *testing.T) {
	e := validEnv()
	e[EnvLogLevel] = "debug"
	e[EnvFeatureFlags] = " payments , socialLogin,"
	e[EnvS3UsePathStyle] = "true"
	e[EnvStripePublishableKey] = "pk_test_123"
	c, err := Load(env(e), EnvContactInbox)
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	want := Config{
		Stage: StageDev, TableName: "remat-dev", ImagesBucket: "remat-dev-images", SSMPrefix: "/remat/dev",
		LogLevel: slog.LevelDebug, MailFrom: "no-reply@remat.ch", ContactInbox: "contact@remat.ch",
		StripePublishableKey: "pk_test_123", Features: Features{Payments: true, SocialLogin: true},
		S3UsePathStyle: true, AWSRegion: "eu-central-2",
	}
	if c.Stage != want.Stage || c.TableName != want.TableName || c.ImagesBucket != want.ImagesBucket ||
		c.SSMPrefix != want.SSMPrefix || c.LogLevel != want.LogLevel || c.MailFrom != want.MailFrom ||
		c.ContactInbox != want.ContactInbox || c.StripePublishableKey != want.StripePublishableKey ||
		c.Features != want.Features || c.S3UsePathStyle != want.S3UsePathStyle || c.AWSRegion != want.AWSRegion {
		t.Errorf("got %+v, want %+v", c, want)
	}
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load(env(validEnv()))
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	if c.LogLevel != slog.LevelInfo || c.S3UsePathStyle || c.Features != (Features{}) || c.StripePublishableKey != "" {
		t.Errorf("got %+v, want info level, path style off, no features, no key", c)
	}
}

func TestContactInboxOnlyRequiredWhenAsked(t *testing.T) {
	e := validEnv()
	delete(e, EnvContactInbox)
	if _, err := Load(env(e)); err != nil {
		t.Errorf("without requirement: got %v, want nil", err)
	}
	_, err := Load(env(e), EnvContactInbox)
	if err == nil || !strings.Contains(err.Error(), "CONTACT_INBOX: missing") {
		t.Errorf("with requirement: got %v, want CONTACT_INBOX missing", err)
	}
}

func TestLoadReportsEveryProblemAtOnce(t *testing.T) {
	e := map[string]string{
		EnvStage:                "staging",
		EnvSSMPrefix:            "remat/dev/",
		EnvLogLevel:             "verbose",
		EnvMailFrom:             "not an address",
		EnvStripePublishableKey: "sk_live_oops",
		EnvFeatureFlags:         "payments,teleport",
		EnvS3UsePathStyle:       "maybe",
	}
	_, err := Load(env(e), EnvContactInbox)
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("got %v, want ErrInvalid", err)
	}
	for _, want := range []string{
		"TABLE_NAME: missing", "IMAGES_BUCKET: missing", "AWS_REGION: missing", "CONTACT_INBOX: missing",
		`STAGE: "staging"`, `SSM_PREFIX: "remat/dev/"`, `LOG_LEVEL: "verbose"`, `MAIL_FROM: "not an address"`,
		"STRIPE_PUBLISHABLE_KEY: must be a publishable key", `unknown feature "teleport"`, `S3_USE_PATH_STYLE: "maybe"`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to mention %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "sk_live_oops") {
		t.Errorf("got %v, want the secret-looking value not echoed", err)
	}
}

func TestValidateStructLiteral(t *testing.T) {
	tests := []struct {
		name    string
		mutate  func(*Config)
		wantErr string
	}{
		{"valid", func(*Config) {}, ""},
		{"local stage", func(c *Config) { c.Stage = StageLocal }, ""},
		{"mail from with display name", func(c *Config) { c.MailFrom = "Remat <no-reply@remat.ch>" }, ""},
		{"unknown required name", func(*Config) {}, "NOPE: cannot be required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Config{Stage: StageDev, TableName: "t", ImagesBucket: "b", SSMPrefix: "/remat/dev", MailFrom: "a@b.ch", AWSRegion: "eu-central-2"}
			tt.mutate(&c)
			var req []string
			if tt.wantErr != "" {
				req = []string{"NOPE"}
			}
			err := c.Validate(req...)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("got %v, want nil", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("got %v, want %q", err, tt.wantErr)
			}
		})
	}
}

func TestAccountsSettings(t *testing.T) {
	tests := []struct {
		name      string
		set       map[string]string
		required  []string
		providers []string
		social    bool
		siteURL   string
		google    string
		problem   string
	}{
		{name: "defaults", google: DefaultGoogleIssuer},
		{name: "providers", set: map[string]string{EnvSocialProviders: " google, facebook,google"}, providers: []string{"google", "facebook"}, social: true, google: DefaultGoogleIssuer},
		{name: "unknown provider", set: map[string]string{EnvSocialProviders: "myspace"}, problem: `unknown provider "myspace"`},
		{name: "site url trimmed", set: map[string]string{EnvSiteURL: "https://remat.ch/"}, siteURL: "https://remat.ch", google: DefaultGoogleIssuer},
		{name: "site url required", required: []string{EnvSiteURL}, problem: "SITE_URL: missing"},
		{name: "site url invalid", set: map[string]string{EnvSiteURL: "remat.ch"}, problem: "SITE_URL"},
		{name: "issuer override", set: map[string]string{EnvOAuthGoogleIssuer: "http://127.0.0.1:9999/oidc"}, google: "http://127.0.0.1:9999/oidc"},
		{name: "issuer invalid", set: map[string]string{EnvOAuthFacebookIssuer: "nope"}, problem: "OAUTH_FACEBOOK_ISSUER"},
	}
	for _, tt := range tests {
		e := validEnv()
		for k, v := range tt.set {
			e[k] = v
		}
		c, err := Load(env(e), tt.required...)
		if tt.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("%s: got %v, want an error containing %q", tt.name, err, tt.problem)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: got %v, want nil", tt.name, err)
			continue
		}
		if strings.Join(c.SocialProviders, ",") != strings.Join(tt.providers, ",") || c.Features.SocialLogin != tt.social ||
			c.SiteURL != tt.siteURL || c.OAuthIssuers[ProviderGoogle] != tt.google {
			t.Errorf("%s: got providers %v social %v site %q google %q, want %v %v %q %q", tt.name,
				c.SocialProviders, c.Features.SocialLogin, c.SiteURL, c.OAuthIssuers[ProviderGoogle], tt.providers, tt.social, tt.siteURL, tt.google)
		}
	}
}

func TestInvoiceSellerAndPaymentMode(t *testing.T) {
	env := map[string]string{
		"STAGE": "prod", "TABLE_NAME": "t", "IMAGES_BUCKET": "b", "SSM_PREFIX": "/remat/prod", "MAIL_FROM": "no-reply@remat.ch",
		"AWS_REGION": "eu-central-2", "INVOICE_SELLER_NAME": "Remat GmbH", "INVOICE_SELLER_ADDRESS": "Musterstrasse 1, 8000 Zürich",
	}
	c, err := Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok }, EnvInvoiceSellerName, EnvInvoiceSellerAddress, EnvInvoiceSellerVAT)
	if err == nil || !strings.Contains(err.Error(), "INVOICE_SELLER_VAT: missing") {
		t.Errorf("missing seller VAT: got %v", err)
	}
	if c.InvoiceSellerName != "Remat GmbH" || c.InvoiceSellerAddress != "Musterstrasse 1, 8000 Zürich" {
		t.Errorf("seller: got %q %q", c.InvoiceSellerName, c.InvoiceSellerAddress)
	}
	if got := c.PaymentMode(); got != PaymentNone {
		t.Errorf("prod without a key: got %q, want none", got)
	}
	c.StripePublishableKey = "pk_live_x"
	if got := c.PaymentMode(); got != PaymentStripe {
		t.Errorf("prod with a key: got %q, want stripe", got)
	}
	c.StripePublishableKey, c.Stage = "", StageDev
	if got := c.PaymentMode(); got != PaymentTest {
		t.Errorf("dev without a key: got %q, want test", got)
	}
}
