// Package samtpl reads the project's AWS SAM template (template.yaml) and
// resolves it locally, so the local cloud and the tests derive functions,
// routes, tables, buckets and security headers from the one file that is
// deployed, instead of a hand-kept copy.
//
// Parsing walks a yaml.Node tree and rewrites CloudFormation's short-form
// tags (!Ref, !Sub, !GetAtt A.B, !If, ...) into their long form before
// decoding; a plain yaml.Unmarshal would silently drop the tags. Intrinsic
// functions are then evaluated with local values: parameters from
// Options.Parameters or their Default, pseudo parameters from Options, Ref of
// a table or bucket as its physical name, GetAtt as a fake but well-formed
// ARN or domain name. Globals.Function is merged into every function with
// SAM's rules (scalars override, maps merge, lists append).
//
// The package never talks to AWS. Resource types it does not model as
// structs are kept in Template.Resources (with resolved properties);
// CheckEmulated tells which features the local cloud emulates and refuses
// every other one (features.go), and FunctionPolicies expands a function's
// IAM policies the way the SAM translator does (policies.go).
package samtpl
