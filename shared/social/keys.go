package social

// Item types and keys of the social sign-in.
//
// Items:
//
//	Hand-over   PK = HANDOVER#<hex sha256(code)>   SK = HANDOVER   type = SocialHandover
//	            bind (hex sha256 of the bind cookie), token (the session JWT),
//	            expiresAt (epoch seconds), ttl (epoch seconds)
//
// Access patterns:
//
//	Callback hands a token over
//	    PutItem HANDOVER#... attribute_not_exists(PK)
//	Exchange (single use, this browser only, not expired)
//	    DeleteItem HANDOVER#... IF bind = :bind AND expiresAt > :now,
//	    ReturnValues ALL_OLD: the one delete that succeeds gets the token;
//	    a refused exchange leaves the item, which the ttl removes.
//
// The flow's other secrets (state, nonce, PKCE verifier) never reach the
// table: they travel in the signed flow cookie (cookie.go).
const (
	handoverPKPrefix = "HANDOVER#"
	skHandover       = "HANDOVER"
	typeHandover     = "SocialHandover"
)

func handoverPK(codeHash string) string { return handoverPKPrefix + codeHash }
