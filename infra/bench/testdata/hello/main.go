// Command hello is the smallest aws-lambda-go function: the baseline the
// cold-start benchmark compares the real functions with.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(context.Context, map[string]any) (string, error) { return "hello", nil })
}
