// Package config reads a function's settings from the environment into one
// typed struct, once, at cold start.
//
// The environment contract is set by template.yaml (Globals and each
// function's Environment) on AWS, and by the local cloud locally:
//
//	STAGE                   local | dev | prod                      (required)
//	TABLE_NAME              the DynamoDB table                      (required)
//	IMAGES_BUCKET           the S3 bucket for images                (required)
//	SSM_PREFIX              SSM path of the secrets, e.g. /remat/dev (required)
//	LOG_LEVEL               debug | info | warn | error             (default info)
//	MAIL_FROM               verified sender address                 (required)
//	AWS_REGION              set by the Lambda runtime               (required)
//	CONTACT_INBOX           provider's contact-us address           (per function)
//	STRIPE_PUBLISHABLE_KEY  pk_... or empty
//	FEATURE_FLAGS           comma list of payments, socialLogin; may be empty
//	S3_USE_PATH_STYLE       bool                                    (default false)
//	SITE_URL                public site, base of e-mail links        (tests and tools; functions read the SSM parameter site-url)
//	SOCIAL_PROVIDERS        comma list of google, facebook; may be empty
//	OAUTH_GOOGLE_ISSUER     OpenID issuer                           (default https://accounts.google.com)
//	OAUTH_FACEBOOK_ISSUER   OpenID issuer                           (default https://www.facebook.com)
//	INVOICE_SELLER_NAME     provider's name on invoices             (per function: billing, webhook)
//	INVOICE_SELLER_ADDRESS  provider's address on invoices          (per function: billing, webhook)
//	INVOICE_SELLER_VAT      provider's VAT number on invoices       (per function: billing, webhook)
//
// Service endpoints are deliberately absent: the AWS SDK reads its standard
// AWS_ENDPOINT_URL_<SERVICE> and AWS_*_CHECKSUM_* variables itself, so the
// code has no "if local" branch.
package config

import (
	"cmp"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/remat/remat/shared/logging"
)

// Environment variable names.
const (
	EnvStage                = "STAGE"
	EnvTableName            = "TABLE_NAME"
	EnvImagesBucket         = "IMAGES_BUCKET"
	EnvSSMPrefix            = "SSM_PREFIX"
	EnvLogLevel             = "LOG_LEVEL"
	EnvMailFrom             = "MAIL_FROM"
	EnvContactInbox         = "CONTACT_INBOX"
	EnvStripePublishableKey = "STRIPE_PUBLISHABLE_KEY"
	EnvFeatureFlags         = "FEATURE_FLAGS"
	EnvS3UsePathStyle       = "S3_USE_PATH_STYLE"
	EnvAWSRegion            = "AWS_REGION"
	EnvSiteURL              = "SITE_URL"
	EnvSocialProviders      = "SOCIAL_PROVIDERS"
	EnvOAuthGoogleIssuer    = "OAUTH_GOOGLE_ISSUER"
	EnvOAuthFacebookIssuer  = "OAUTH_FACEBOOK_ISSUER"
	EnvInvoiceSellerName    = "INVOICE_SELLER_NAME"
	EnvInvoiceSellerAddress = "INVOICE_SELLER_ADDRESS"
	EnvInvoiceSellerVAT     = "INVOICE_SELLER_VAT"
)

// Social sign-in providers accepted in SOCIAL_PROVIDERS.
const (
	ProviderGoogle   = "google"
	ProviderFacebook = "facebook"
)

// Default OpenID issuers of the providers.
const (
	DefaultGoogleIssuer   = "https://accounts.google.com"
	DefaultFacebookIssuer = "https://www.facebook.com"
)

// Stage is the deployment stage.
type Stage string

// The known stages.
const (
	StageLocal Stage = "local"
	StageDev   Stage = "dev"
	StageProd  Stage = "prod"
)

// Feature flag names accepted in FEATURE_FLAGS.
const (
	FeaturePayments    = "payments"
	FeatureSocialLogin = "socialLogin"
)

// Features are the product switches the SPA reads from /api/v1/settings.
type Features struct {
	Payments    bool
	SocialLogin bool
}

// Config is a function's parsed settings. Build it with Load; a Config
// literal (in tests) is checked by Validate the same way.
type Config struct {
	Stage                Stage
	TableName            string
	ImagesBucket         string
	SSMPrefix            string
	LogLevel             slog.Level
	MailFrom             string
	ContactInbox         string
	StripePublishableKey string
	Features             Features
	S3UsePathStyle       bool
	AWSRegion            string
	// SiteURL is the public site without a trailing slash.
	SiteURL string
	// SocialProviders are the configured providers, in SOCIAL_PROVIDERS
	// order; a non-empty list also turns Features.SocialLogin on.
	SocialProviders []string
	// OAuthIssuers maps a provider to its OpenID issuer URL.
	OAuthIssuers map[string]string
	// InvoiceSeller* identify the provider on invoices.
	InvoiceSellerName    string
	InvoiceSellerAddress string
	InvoiceSellerVAT     string

	// problems are parse errors found by Load (e.g. a non-boolean
	// S3_USE_PATH_STYLE), reported again by Validate with the rest.
	problems []string
}

// LookupFunc reads one environment variable, like os.LookupEnv.
type LookupFunc func(key string) (string, bool)

// globalRequired are the variables every function receives (template.yaml
// Globals, plus AWS_REGION from the Lambda runtime).
var globalRequired = []string{EnvStage, EnvTableName, EnvImagesBucket, EnvSSMPrefix, EnvMailFrom, EnvAWSRegion}

// Load reads the environment through lookup (os.LookupEnv in functions)
// and validates it. required names the per-function variables that must be
// set in addition to the global ones (for example EnvContactInbox). The
// error lists every missing or invalid variable at once.
func Load(lookup LookupFunc, required ...string) (Config, error) {
	get := func(k string) string {
		v, _ := lookup(k)
		return strings.TrimSpace(v)
	}
	c := Config{
		Stage:                Stage(get(EnvStage)),
		TableName:            get(EnvTableName),
		ImagesBucket:         get(EnvImagesBucket),
		SSMPrefix:            get(EnvSSMPrefix),
		MailFrom:             get(EnvMailFrom),
		ContactInbox:         get(EnvContactInbox),
		StripePublishableKey: get(EnvStripePublishableKey),
		AWSRegion:            get(EnvAWSRegion),
		SiteURL:              strings.TrimRight(get(EnvSiteURL), "/"),
		InvoiceSellerName:    get(EnvInvoiceSellerName),
		InvoiceSellerAddress: get(EnvInvoiceSellerAddress),
		InvoiceSellerVAT:     get(EnvInvoiceSellerVAT),
		OAuthIssuers: map[string]string{
			ProviderGoogle:   cmp.Or(get(EnvOAuthGoogleIssuer), DefaultGoogleIssuer),
			ProviderFacebook: cmp.Or(get(EnvOAuthFacebookIssuer), DefaultFacebookIssuer),
		},
	}
	for name := range strings.SplitSeq(get(EnvSocialProviders), ",") {
		switch name = strings.TrimSpace(name); name {
		case "":
		case ProviderGoogle, ProviderFacebook:
			if !slices.Contains(c.SocialProviders, name) {
				c.SocialProviders = append(c.SocialProviders, name)
			}
		default:
			c.problems = append(c.problems, fmt.Sprintf("%s: unknown provider %q (known: %s, %s)", EnvSocialProviders, name, ProviderGoogle, ProviderFacebook))
		}
	}
	if v := get(EnvLogLevel); v != "" {
		level, err := logging.ParseLevel(v)
		if err != nil {
			c.problems = append(c.problems, fmt.Sprintf("%s: %q is not one of debug, info, warn, error", EnvLogLevel, v))
		}
		c.LogLevel = level
	}
	if v := get(EnvS3UsePathStyle); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			c.problems = append(c.problems, fmt.Sprintf("%s: %q is not a boolean", EnvS3UsePathStyle, v))
		}
		c.S3UsePathStyle = b
	}
	features, unknown := parseFeatures(get(EnvFeatureFlags))
	c.Features = features
	if len(c.SocialProviders) > 0 {
		c.Features.SocialLogin = true
	}
	for _, name := range unknown {
		c.problems = append(c.problems, fmt.Sprintf("%s: unknown feature %q (known: %s, %s)", EnvFeatureFlags, name, FeaturePayments, FeatureSocialLogin))
	}
	if err := c.Validate(required...); err != nil {
		return c, err
	}
	return c, nil
}

func parseFeatures(list string) (Features, []string) {
	var f Features
	var unknown []string
	for name := range strings.SplitSeq(list, ",") {
		switch name = strings.TrimSpace(name); name {
		case "":
		case FeaturePayments:
			f.Payments = true
		case FeatureSocialLogin:
			f.SocialLogin = true
		default:
			unknown = append(unknown, name)
		}
	}
	return f, unknown
}

// Validate checks every setting and reports all problems in one error:
// the global variables and the extra required ones must be set, and each
// value must be well formed (stage, SSM path, e-mail addresses, a
// publishable - never a secret - Stripe key).
func (c Config) Validate(required ...string) error {
	problems := slices.Clone(c.problems)
	values := map[string]string{
		EnvStage:                string(c.Stage),
		EnvTableName:            c.TableName,
		EnvImagesBucket:         c.ImagesBucket,
		EnvSSMPrefix:            c.SSMPrefix,
		EnvMailFrom:             c.MailFrom,
		EnvContactInbox:         c.ContactInbox,
		EnvStripePublishableKey: c.StripePublishableKey,
		EnvAWSRegion:            c.AWSRegion,
		EnvSiteURL:              c.SiteURL,
		EnvInvoiceSellerName:    c.InvoiceSellerName,
		EnvInvoiceSellerAddress: c.InvoiceSellerAddress,
		EnvInvoiceSellerVAT:     c.InvoiceSellerVAT,
	}
	for _, k := range append(slices.Clone(globalRequired), required...) {
		v, known := values[k]
		switch {
		case !known:
			problems = append(problems, fmt.Sprintf("%s: cannot be required (not a string setting)", k))
		case v == "":
			problems = append(problems, k+": missing")
		}
	}
	if c.Stage != "" && !slices.Contains([]Stage{StageLocal, StageDev, StageProd}, c.Stage) {
		problems = append(problems, fmt.Sprintf("%s: %q is not one of local, dev, prod", EnvStage, c.Stage))
	}
	if p := c.SSMPrefix; p != "" && (!strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/")) {
		problems = append(problems, fmt.Sprintf("%s: %q must start with / and not end with /", EnvSSMPrefix, p))
	}
	for _, k := range []string{EnvMailFrom, EnvContactInbox} {
		if v := values[k]; v != "" {
			if _, err := mail.ParseAddress(v); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %q is not an e-mail address", k, v))
			}
		}
	}
	if u := c.SiteURL; u != "" {
		parsed, err := url.Parse(u)
		if err != nil || (parsed.Scheme != "https" && parsed.Scheme != "http") || parsed.Host == "" || parsed.RawQuery != "" || parsed.Fragment != "" {
			problems = append(problems, fmt.Sprintf("%s: %q is not an absolute http(s) URL", EnvSiteURL, u))
		}
	}
	for provider, issuer := range c.OAuthIssuers {
		if parsed, err := url.Parse(issuer); issuer != "" && (err != nil || parsed.Scheme == "" || parsed.Host == "") {
			problems = append(problems, fmt.Sprintf("OAUTH_%s_ISSUER: %q is not an absolute URL", strings.ToUpper(provider), issuer))
		}
	}
	// The publishable key is served to every browser; a secret key here
	// would be published.
	if k := c.StripePublishableKey; k != "" && !strings.HasPrefix(k, "pk_") {
		problems = append(problems, EnvStripePublishableKey+": must be a publishable key (pk_...)")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrInvalid, strings.Join(problems, "; "))
	}
	return nil
}

// PaymentMode is how card payments work in a deployment.
type PaymentMode string

// The payment modes.
const (
	PaymentNone   PaymentMode = ""
	PaymentStripe PaymentMode = "stripe"
	PaymentTest   PaymentMode = "test"
)

// PaymentMode derives the mode from the configuration: Stripe when a
// publishable key is configured (the secret key stripe-secret-key must then
// be in SSM: the billing function refuses to start without it), else the
// test-mode provider outside production, else none. The settings function
// and the billing function share this rule, so the SPA and the API agree.
func (c Config) PaymentMode() PaymentMode {
	switch {
	case c.StripePublishableKey != "":
		return PaymentStripe
	case c.Stage != StageProd:
		return PaymentTest
	default:
		return PaymentNone
	}
}

// ErrInvalid is wrapped by every error of Load and Validate; the wrapping
// error's text lists each problem.
var ErrInvalid = errors.New("config: invalid environment")
