// Package bench holds the local cloud's benchmarks (`make bench`, or
// `go test -run='^$' -bench=. ./infra/bench`); it has no code of its own.
//
//   - BenchmarkGatewayOverhead: GET /api/v1/settings served four ways, from
//     the handler called directly to the full local path (loopback HTTP ->
//     gateway -> lambdart -> the real function binary), with the overhead
//     against the direct call as a metric.
//   - BenchmarkColdStart: from process start to the first response over the
//     Lambda Runtime API, for the real settings binary and for a bare
//     aws-lambda-go hello binary.
package bench
