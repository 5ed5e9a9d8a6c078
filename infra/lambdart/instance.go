package lambdart

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Runtime API paths and headers, as aws-lambda-go's runtime client uses them
// (lambda/runtime_api_client.go and extensions_api_client.go).
const (
	runtimePrefix = "/2018-06-01/runtime"
	extPrefix     = "/2020-01-01/extension"

	hdrRequestID     = "Lambda-Runtime-Aws-Request-Id"
	hdrDeadlineMS    = "Lambda-Runtime-Deadline-Ms"
	hdrFunctionARN   = "Lambda-Runtime-Invoked-Function-Arn"
	hdrTraceID       = "Lambda-Runtime-Trace-Id"
	hdrErrorType     = "Lambda-Runtime-Function-Error-Type"
	trlErrorBody     = "Lambda-Runtime-Function-Error-Body"
	hdrExtensionID   = "Lambda-Extension-Identifier"
	hdrExtensionName = "Lambda-Extension-Name"
)

// instance is one process of a function with its own Runtime API listener.
// Its mutable state is guarded by fn.mu.
type instance struct {
	fn      *function
	seq     int
	cmd     *exec.Cmd
	srv     *http.Server
	started time.Time
	out     *lineWriter

	// next carries the invocation assign chose for this instance to the
	// /next handler that offered the instance (buffered, one slot).
	next chan *invocation
	// stop is closed when the process has exited; it unblocks handlers.
	stop chan struct{}
	// initFailed is closed, after initErr is set, when the instance dies
	// before its first /next.
	initFailed chan struct{}

	// guarded by fn.mu
	current  *invocation
	ready    bool
	dead     bool
	initErr  *InitError
	postInit *InitError // what the runtime posted to /runtime/init/error
}

// startLocked launches a new instance. fn.mu must be held.
func (fn *function) startLocked() (*instance, error) {
	s := fn.svc
	if s.closed.Load() {
		return nil, ErrClosed
	}
	fn.seq++
	inst := &instance{
		fn:         fn,
		seq:        fn.seq,
		next:       make(chan *invocation, 1),
		stop:       make(chan struct{}),
		initFailed: make(chan struct{}),
	}
	ln, err := new(net.ListenConfig).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("runtime API listener: %w", err)
	}
	inst.srv = &http.Server{
		Handler:           inst.routes(),
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.opts.Logger.Handler(), slog.LevelDebug),
	}
	go func() { _ = inst.srv.Serve(ln) }()

	prefix := "[" + fn.cfg.Name + "] "
	if fn.seq > 1 {
		prefix = fmt.Sprintf("[%s#%d] ", fn.cfg.Name, fn.seq)
	}
	inst.out = &lineWriter{mu: &s.outMu, w: s.opts.Output, prefix: prefix}

	cmd := exec.Command(fn.cfg.Binary) //nolint:gosec,noctx // G204: running the function is the point; its lifetime is the instance's, not a context's
	cmd.Dir = filepath.Dir(fn.cfg.Binary)
	cmd.Env = fn.environ(ln.Addr().String(), inst.seq)
	cmd.Stdout = inst.out
	cmd.Stderr = inst.out
	cmd.SysProcAttr = sysProcAttr()
	// A grandchild holding the output pipe must not block Wait forever.
	cmd.WaitDelay = time.Second
	inst.cmd = cmd
	inst.started = time.Now()
	if err := cmd.Start(); err != nil {
		_ = inst.srv.Close()
		return nil, fmt.Errorf("start %s: %w", fn.cfg.Binary, err)
	}
	fn.instances[inst] = struct{}{}
	fn.stats.ColdStarts++
	s.wg.Add(1)
	go inst.wait()
	return inst, nil
}

// environ builds the process environment: a minimal base (the host's
// environment is deliberately not inherited, so no real AWS credentials or
// profiles leak into a function), the function's variables, the service's
// extras, then the variables the Lambda runtime reserves.
func (fn *function) environ(runtimeAPI string, seq int) []string {
	o := fn.svc.opts
	env := map[string]string{
		"PATH":               cmpEnv("PATH", "/usr/local/bin:/usr/bin:/bin"),
		"LANG":               "en_US.UTF-8",
		"TZ":                 ":UTC",
		"AWS_REGION":         o.Region,
		"AWS_DEFAULT_REGION": o.Region,
	}
	for k, v := range fn.cfg.Env {
		env[k] = v
	}
	for k, v := range o.Env {
		env[k] = v
	}
	taskRoot := filepath.Dir(fn.cfg.Binary)
	reserved := map[string]string{
		"AWS_LAMBDA_RUNTIME_API":          runtimeAPI,
		"AWS_LAMBDA_FUNCTION_NAME":        fn.cfg.Name,
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": strconv.Itoa(fn.cfg.MemorySize),
		"AWS_LAMBDA_FUNCTION_VERSION":     "$LATEST",
		"AWS_LAMBDA_INITIALIZATION_TYPE":  "on-demand",
		"AWS_LAMBDA_LOG_GROUP_NAME":       "/aws/lambda/" + fn.cfg.Name,
		"AWS_LAMBDA_LOG_STREAM_NAME":      fmt.Sprintf("%s/[$LATEST]local%04d", time.Now().UTC().Format("2006/01/02"), seq),
		"_HANDLER":                        fn.cfg.Handler,
		"LAMBDA_TASK_ROOT":                taskRoot,
		"LAMBDA_RUNTIME_DIR":              taskRoot,
	}
	if c := fn.cfg.Credentials; c.AccessKeyID != "" {
		reserved["AWS_ACCESS_KEY_ID"] = c.AccessKeyID
		reserved["AWS_SECRET_ACCESS_KEY"] = c.SecretAccessKey
		reserved["AWS_SESSION_TOKEN"] = c.SessionToken
	}
	for k, v := range reserved {
		env[k] = v
	}
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	return out
}

func cmpEnv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// assign makes inv the instance's current invocation and passes it to the
// waiting /next handler. It reports false when the instance died after it
// offered itself; the caller then looks for another one.
func (inst *instance) assign(inv *invocation) bool {
	fn := inst.fn
	fn.mu.Lock()
	if inst.dead {
		fn.mu.Unlock()
		return false
	}
	inst.current = inv
	inv.start = time.Now()
	inv.deadline = inv.start.Add(fn.cfg.Timeout)
	fn.busy++
	fn.waiting--
	fn.stats.Invocations++
	fn.mu.Unlock()
	inst.next <- inv
	return true
}

// complete ends the instance's current invocation if its id matches, and
// reports whether it did.
func (inst *instance) complete(id string, r result) bool {
	fn := inst.fn
	fn.mu.Lock()
	inv := inst.current
	if inv == nil || inv.id != id {
		fn.mu.Unlock()
		return false
	}
	inst.current = nil
	fn.busy--
	fn.mu.Unlock()
	inv.finish(r)
	return true
}

// kill ends the process at once (SIGKILL).
func (inst *instance) kill() {
	_ = inst.cmd.Process.Kill()
}

// shutdown asks the process to stop (SIGTERM), and kills it when it is
// still running after grace. It returns once the process has exited.
func (inst *instance) shutdown(grace time.Duration) {
	if err := terminate(inst.cmd.Process); err != nil {
		inst.kill()
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-inst.stop:
	case <-t.C:
		inst.kill()
		<-inst.stop
	}
}

// wait reaps the process and settles everything that depended on it.
func (inst *instance) wait() {
	fn := inst.fn
	defer fn.svc.wg.Done()
	err := inst.cmd.Wait()
	inst.out.flush()
	_ = inst.srv.Close()

	exit := "Runtime exited"
	if err != nil {
		exit = "Runtime exited with error: " + err.Error()
	}
	fn.mu.Lock()
	inst.dead = true
	delete(fn.instances, inst)
	cur := inst.current
	inst.current = nil
	if cur != nil {
		fn.busy--
	}
	wasReady := inst.ready
	if !wasReady {
		inst.initErr = inst.postInit
		if inst.initErr == nil {
			inst.initErr = &InitError{Function: fn.cfg.Name, Type: "Runtime.ExitError", Message: exit}
		}
		inst.initErr.Output = inst.out.tail()
		close(inst.initFailed)
	}
	close(fn.changed)
	fn.changed = make(chan struct{})
	fn.mu.Unlock()
	close(inst.stop)

	log := fn.svc.opts.Logger
	switch {
	case fn.svc.closed.Load():
		log.Debug("lambda instance stopped", "function", fn.cfg.Name, "instance", inst.seq)
	case !wasReady:
		log.Error("lambda init failed", "function", fn.cfg.Name, "instance", inst.seq,
			"errorType", inst.initErr.Type, "error", inst.initErr.Message)
	case cur != nil:
		log.Error("lambda instance died during an invocation", "function", fn.cfg.Name,
			"instance", inst.seq, "requestId", cur.id, "error", exit)
	default:
		log.Info("lambda instance exited", "function", fn.cfg.Name, "instance", inst.seq, "error", exit)
	}
	if cur != nil {
		cur.finish(result{err: &FunctionError{
			Function: fn.cfg.Name, RequestID: cur.id, Type: "Runtime.ExitError",
			Message: fmt.Sprintf("RequestId: %s Error: %s", cur.id, exit),
		}})
	}
}

func (inst *instance) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+runtimePrefix+"/invocation/next", inst.handleNext)
	mux.HandleFunc("POST "+runtimePrefix+"/invocation/{id}/response", inst.handleResponse)
	mux.HandleFunc("POST "+runtimePrefix+"/invocation/{id}/error", inst.handleError)
	mux.HandleFunc("POST "+runtimePrefix+"/init/error", inst.handleInitError)
	mux.HandleFunc("POST "+extPrefix+"/register", inst.handleExtRegister)
	mux.HandleFunc("GET "+extPrefix+"/event/next", inst.handleExtNext)
	return mux
}

// handleNext offers the instance to waiting invokes and answers with the
// event it is given. The first call ends the instance's init phase.
func (inst *instance) handleNext(w http.ResponseWriter, r *http.Request) {
	fn := inst.fn
	fn.mu.Lock()
	stale := inst.current
	if stale != nil {
		// The runtime asked for a new event without answering the last.
		inst.current = nil
		fn.busy--
	}
	first := !inst.ready
	inst.ready = true
	if first {
		fn.stats.LastInit = time.Since(inst.started)
	}
	fn.mu.Unlock()
	if stale != nil {
		stale.finish(result{err: &FunctionError{Function: fn.cfg.Name, RequestID: stale.id,
			Type: "Runtime.InvalidResponse", Message: "the runtime asked for the next event without answering this one"}})
	}
	if first {
		fn.svc.opts.Logger.Info("lambda cold start", "function", fn.cfg.Name, "instance", inst.seq,
			"init", time.Since(inst.started).Round(time.Microsecond))
	}

	select {
	case fn.idle <- inst:
	case <-inst.stop:
		return
	case <-r.Context().Done():
		return
	}
	var inv *invocation
	select {
	case inv = <-inst.next:
	case <-inst.stop:
		return
	}
	h := w.Header()
	h.Set(hdrRequestID, inv.id)
	h.Set(hdrDeadlineMS, strconv.FormatInt(inv.deadline.UnixMilli(), 10))
	h.Set(hdrFunctionARN, fn.arn)
	h.Set(hdrTraceID, inv.traceID)
	h.Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(inv.payload)
}

func (inst *instance) handleResponse(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	body, tooLarge, err := readLimited(r.Body, MaxPayloadSize)
	if err != nil {
		writeRuntimeError(w, http.StatusBadRequest, "InvalidRequest", "read body: "+err.Error())
		return
	}
	res := result{payload: body}
	switch {
	case r.Trailer.Get(hdrErrorType) != "":
		// aws-lambda-go reports an error while streaming the response in
		// trailers: the error type, and the error JSON in base64.
		fe := &FunctionError{Function: inst.fn.cfg.Name, RequestID: id, Type: r.Trailer.Get(hdrErrorType)}
		if raw, err := base64.StdEncoding.DecodeString(r.Trailer.Get(trlErrorBody)); err == nil {
			decodeErrorBody(raw, fe)
		}
		res = result{err: fe}
	case tooLarge:
		res = result{err: &FunctionError{Function: inst.fn.cfg.Name, RequestID: id, Type: "Function.ResponseSizeTooLarge",
			Message: fmt.Sprintf("Response payload size exceeded maximum allowed payload size (%d bytes).", MaxPayloadSize)}}
	}
	if !inst.complete(id, res) {
		writeRuntimeError(w, http.StatusBadRequest, "InvalidRequestID", "Invalid request ID")
		return
	}
	writeAccepted(w)
}

func (inst *instance) handleError(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	body, _, err := readLimited(r.Body, MaxPayloadSize)
	if err != nil {
		writeRuntimeError(w, http.StatusBadRequest, "InvalidRequest", "read body: "+err.Error())
		return
	}
	fe := &FunctionError{Function: inst.fn.cfg.Name, RequestID: id, Type: r.Header.Get(hdrErrorType)}
	decodeErrorBody(body, fe)
	if !inst.complete(id, result{err: fe}) {
		writeRuntimeError(w, http.StatusBadRequest, "InvalidRequestID", "Invalid request ID")
		return
	}
	writeAccepted(w)
}

// handleInitError records the runtime's init failure and ends the process,
// as Lambda resets an execution environment whose init failed.
func (inst *instance) handleInitError(w http.ResponseWriter, r *http.Request) {
	body, _, _ := readLimited(r.Body, MaxPayloadSize)
	fe := &FunctionError{Type: r.Header.Get(hdrErrorType)}
	decodeErrorBody(body, fe)
	fn := inst.fn
	fn.mu.Lock()
	if inst.ready {
		fn.mu.Unlock()
		writeRuntimeError(w, http.StatusForbidden, "InvalidStateTransition", "init/error after init")
		return
	}
	inst.postInit = &InitError{Function: fn.cfg.Name, Type: fe.Type, Message: fe.Message}
	fn.mu.Unlock()
	writeAccepted(w)
	go inst.kill()
}

// handleExtRegister accepts aws-lambda-go's internal no-op extension
// (lambda.WithEnableSIGTERM); the service sends SIGTERM on Close anyway.
func (inst *instance) handleExtRegister(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	w.Header().Set(hdrExtensionID, fmt.Sprintf("%s-%d", strings.ToLower(r.Header.Get(hdrExtensionName)), inst.seq))
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]string{
		"functionName":    inst.fn.cfg.Name,
		"functionVersion": "$LATEST",
		"handler":         inst.fn.cfg.Handler,
	})
}

// handleExtNext blocks until the instance stops: the registered extension
// subscribes to no events.
func (inst *instance) handleExtNext(w http.ResponseWriter, r *http.Request) {
	select {
	case <-inst.stop:
	case <-r.Context().Done():
	}
}

// decodeErrorBody fills fe from the runtime's error JSON
// ({"errorMessage","errorType","stackTrace"}); a body that is not such JSON
// becomes the message.
func decodeErrorBody(body []byte, fe *FunctionError) {
	var e struct {
		Message    string          `json:"errorMessage"`
		Type       string          `json:"errorType"`
		StackTrace json.RawMessage `json:"stackTrace"`
	}
	if err := json.Unmarshal(body, &e); err != nil {
		fe.Message = strings.TrimSpace(string(body))
	} else {
		fe.Message = e.Message
		fe.StackTrace = e.StackTrace
		if e.Type != "" {
			fe.Type = e.Type
		}
	}
	if fe.Type == "" {
		fe.Type = "Unhandled"
	}
}

// readLimited reads up to limit bytes and drains the rest (so trailers
// arrive), reporting whether there was more.
func readLimited(r io.Reader, limit int64) ([]byte, bool, error) {
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, false, err
	}
	if int64(len(body)) <= limit {
		return body, false, nil
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		return nil, true, err
	}
	return body[:limit], true, nil
}

func writeAccepted(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusAccepted)
	_, _ = io.WriteString(w, `{"status":"OK"}`)
}

func writeRuntimeError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"errorType": typ, "errorMessage": msg})
}
