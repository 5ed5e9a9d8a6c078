package main

import "github.com/aws/aws-lambda-go/events"

// ev2 is event sent to another GET route.
func ev2(event events.APIGatewayV2HTTPRequest, routeKey, path, query, authorization string) events.APIGatewayV2HTTPRequest {
	e := event
	e.RouteKey, e.RawPath, e.RawQueryString = routeKey, path, query
	e.RequestContext.RouteKey = routeKey
	e.RequestContext.HTTP.Path = path
	e.Headers = map[string]string{"authorization": authorization}
	return e
}
