// Command testfn is a real aws-lambda-go function for lambdart's tests. The
// event's action chooses the behaviour; TESTFN_INIT=exit makes it fail
// during init, before it asks for an event.
package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"
)

type event struct {
	Action  string   `json:"action"`
	Message string   `json:"message"`
	SleepMS int      `json:"sleepMs"`
	Env     []string `json:"env"`
}

type reply struct {
	Echo        string            `json:"echo"`
	PID         int               `json:"pid"`
	RequestID   string            `json:"requestId"`
	FunctionARN string            `json:"functionArn"`
	DeadlineMS  int64             `json:"deadlineMs"`
	Env         map[string]string `json:"env,omitempty"`
}

type validationError struct{ field string }

func (e *validationError) Error() string { return "invalid " + e.field }

func handle(ctx context.Context, ev event) (reply, error) {
	switch ev.Action {
	case "error":
		return reply{}, errors.New(ev.Message)
	case "typed-error":
		return reply{}, &validationError{field: ev.Message}
	case "panic":
		panic(ev.Message)
	case "exit":
		fmt.Fprintln(os.Stderr, "testfn: exiting mid-invoke")
		os.Exit(4)
	case "sleep":
		time.Sleep(time.Duration(ev.SleepMS) * time.Millisecond)
	case "log":
		fmt.Println(ev.Message)
	}
	r := reply{Echo: ev.Message, PID: os.Getpid()}
	if lc, ok := lambdacontext.FromContext(ctx); ok {
		r.RequestID, r.FunctionARN = lc.AwsRequestID, lc.InvokedFunctionArn
	}
	if dl, ok := ctx.Deadline(); ok {
		r.DeadlineMS = dl.UnixMilli()
	}
	for _, k := range ev.Env {
		if r.Env == nil {
			r.Env = map[string]string{}
		}
		r.Env[k] = os.Getenv(k)
	}
	return r, nil
}

func main() {
	switch os.Getenv("TESTFN_INIT") {
	case "exit":
		fmt.Fprintln(os.Stderr, "testfn: missing configuration, giving up")
		os.Exit(3)
	case "post":
		// What a custom runtime does when its init fails: report it, then
		// wait to be reset.
		url := "http://" + os.Getenv("AWS_LAMBDA_RUNTIME_API") + "/2018-06-01/runtime/init/error"
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"errorMessage":"no table configured","errorType":"Runtime.ConfigError"}`))
		req.Header.Set("Lambda-Runtime-Function-Error-Type", "Runtime.ConfigError")
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
		select {}
	}
	lambda.Start(handle)
}
