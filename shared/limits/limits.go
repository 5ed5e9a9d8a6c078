// Package limits holds the input bounds that several parts of Remat must
// agree on: the domain package that validates, the public settings endpoint
// that tells the SPA, and docs/openapi.yaml. It imports nothing, so a
// function can depend on it without linking another domain's AWS clients.
package limits

// Contact-us submission bounds, in Unicode code points after trimming.
const (
	ContactUsName    = 100
	ContactUsEmail   = 254
	ContactUsSubject = 150
	ContactUsMessage = 5000
)

// Search radius around a place, in km: the products search and saved
// searches accept it, the search planner refuses anything else.
const (
	SearchRadiusMinKm = 1
	SearchRadiusMaxKm = 200
)
