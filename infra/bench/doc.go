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
//   - BenchmarkSearch: loads REMAT_BENCH_ADS ads (default 20,000; set
//     100000 for the catalogue's acceptance figure) into DynamoDB Local and
//     reports, per typical search, items read and capacity per page and
//     p50/p95 latency.
//   - BenchmarkAlertMatching: files 10,000 saved searches and matches new
//     ads against them as a publication does, reporting per ad the
//     partitions queried, filed entries read, capacity, matches and
//     p50/p95 time.
//   - BenchmarkProductPhoto12MP: the image pipeline's work on a generated
//     12-megapixel JPEG (decode, the large/card/thumb renditions, three JPEG
//     encodings; jpeg+webp adds the five WebP renditions, as the images
//     function makes them), with the time per photo and the peak heap it
//     held.
package bench
