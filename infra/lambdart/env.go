package lambdart

// Endpoints are the base URLs (http://127.0.0.1:PORT) of the local
// emulators the functions' AWS SDK clients should reach. Empty fields are
// left out, so the SDK would use AWS: give every service a function uses.
type Endpoints struct {
	DynamoDB string
	S3       string
	SESv2    string
	SSM      string
}

// The static credentials LocalAWSEnv gives every function that has none
// of its own (Function.Credentials). In the local cloud they are the
// account root's, which only the cloud's own tools use: each function runs
// with its role's credentials.
const (
	LocalAccessKeyID     = "local"
	LocalSecretAccessKey = "local"
)

// LocalAWSEnv returns the environment that points the AWS SDK of a
// function at local emulators without any code change in the function
// (the SDK reads AWS_ENDPOINT_URL_<SERVICE>): fake static credentials so the
// SDK never looks for real ones or asks the EC2 metadata service, the
// region, path-style S3 addressing, and checksums only where required
// (emulators do not compute all of them). Pass it as Options.Env.
func LocalAWSEnv(region string, ep Endpoints) map[string]string {
	env := map[string]string{
		"AWS_ACCESS_KEY_ID":                LocalAccessKeyID,
		"AWS_SECRET_ACCESS_KEY":            LocalSecretAccessKey,
		"AWS_REGION":                       region,
		"AWS_DEFAULT_REGION":               region,
		"AWS_EC2_METADATA_DISABLED":        "true",
		"S3_USE_PATH_STYLE":                "true",
		"AWS_REQUEST_CHECKSUM_CALCULATION": "when_required",
		"AWS_RESPONSE_CHECKSUM_VALIDATION": "when_required",
	}
	for k, v := range map[string]string{
		"AWS_ENDPOINT_URL_DYNAMODB": ep.DynamoDB,
		"AWS_ENDPOINT_URL_S3":       ep.S3,
		"AWS_ENDPOINT_URL_SESV2":    ep.SESv2,
		"AWS_ENDPOINT_URL_SSM":      ep.SSM,
	} {
		if v != "" {
			env[k] = v
		}
	}
	return env
}
