// Command echofn is a real aws-lambda-go function for the gateway's tests:
// it answers with the payload format 2.0 event it received, or with the
// response the request path asks for.
package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

func handle(ctx context.Context, raw json.RawMessage) (any, error) {
	var ev events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &ev); err != nil {
		return nil, err
	}
	switch {
	case strings.HasSuffix(ev.RawPath, "/binary"):
		return events.APIGatewayV2HTTPResponse{
			StatusCode:      200,
			Headers:         map[string]string{"Content-Type": "application/octet-stream"},
			Body:            base64.StdEncoding.EncodeToString([]byte{0, 1, 2, 0xfe, 0xff}),
			IsBase64Encoded: true,
		}, nil
	case strings.HasSuffix(ev.RawPath, "/fail"):
		return nil, errors.New("something broke")
	case strings.HasSuffix(ev.RawPath, "/slow"):
		time.Sleep(5 * time.Second)
	case strings.HasSuffix(ev.RawPath, "/plain"):
		// Not a proxy response: API Gateway wraps it in a 200.
		return map[string]any{"hello": "world"}, nil
	case strings.HasSuffix(ev.RawPath, "/big"):
		return events.APIGatewayV2HTTPResponse{
			StatusCode: 200,
			Headers:    map[string]string{"Content-Type": "text/plain; charset=utf-8", "ETag": `"v1"`},
			Body:       strings.Repeat("compress me ", 500),
		}, nil
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return nil, err
	}
	return events.APIGatewayV2HTTPResponse{
		StatusCode: 201,
		Headers: map[string]string{
			"Content-Type":            "application/json",
			"X-Echo":                  "yes",
			"Content-Security-Policy": "default-src *", // the gateway's policy must win
		},
		MultiValueHeaders: map[string][]string{"X-Multi": {"one", "two"}},
		Cookies:           []string{"session=abc; Path=/; HttpOnly; Secure; SameSite=Lax", "theme=dark"},
		Body:              string(body),
	}, nil
}

func main() { lambda.Start(handle) }
