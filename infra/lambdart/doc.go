// Package lambdart is a local Lambda service: it runs the real compiled
// function binaries (the bootstrap files `sam build` would ship for
// provided.al2023) behind a local implementation of the Lambda Runtime API,
// so a request takes exactly the path it takes on AWS: aws-lambda-go sees
// AWS_LAMBDA_RUNTIME_API, long-polls /runtime/invocation/next, runs the
// handler and posts the result to /response or /error.
//
// Each function has a pool of instances (one process each, like one
// execution environment). The first Invoke of a function starts a process,
// so cold starts are real; when every instance is busy another one is
// started, up to Options.MaxInstances, and further invokes wait for a free
// instance (locally we queue where AWS would throttle). Every instance has
// its own Runtime API listener on 127.0.0.1, as every execution environment
// has its own on AWS.
//
// Failure behaviour follows Lambda: a function error or panic is returned as
// a *FunctionError (after a panic aws-lambda-go exits, and the next invoke
// starts a fresh instance); an invocation that outlives the function's
// timeout gets a *TimeoutError and its instance is killed (the next invoke
// starts a fresh one); a process that exits or posts /runtime/init/error
// before asking for its first event gives an *InitError.
//
// Not emulated: the memory limit (AWS_LAMBDA_FUNCTION_MEMORY_SIZE is only
// advertised), response streaming, extensions other than the no-op
// registration aws-lambda-go makes for SIGTERM, and the freeze of idle
// instances between invokes.
package lambdart
