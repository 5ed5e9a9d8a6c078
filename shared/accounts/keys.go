package accounts

import (
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/remat/remat/shared/ddb"
)

// Item types and keys of the accounts domain.
//
// Items:
//
//	User profile    PK = USER#<uid>            SK = PROFILE    type = User
//	                GSI1PK = USERS, GSI1SK = <createdAt>#<uid>   (admin list, newest first)
//	                names, e-mail (as entered) and its normalised form, phone,
//	                language, role, accountType, status, emailVerified,
//	                tokenVersion, passwordHash (argon2id PHC; absent for
//	                social-only accounts), avatarKey, company (map) , createdAt,
//	                identities (string set "<provider>#<subject>" of its social
//	                sign-in links), deletedAt (erased accounts: erase.go)
//	E-mail guard    PK = EMAIL#<normalised>     SK = EMAIL      type = EmailGuard     uid
//	Token           PK = TOKEN#<hex sha256>     SK = TOKEN      type = Token
//	                kind (verify | reset), uid, tokenVersion at issue,
//	                expiresAt (RFC 3339), ttl (epoch seconds)
//	Identity        PK = IDP#<provider>#<sub>   SK = IDP        type = Identity       uid
//	Admin guard     PK = ADMIN                  SK = BOOTSTRAP  type = AdminGuard     uid
//	Login attempts  PK = LOGINFAIL#<scope>#<hex sha256(key)>   SK = W#<window start>  n, ttl
//
// Access patterns:
//
//	Sign up with a unique e-mail
//	    TransactWriteItems [Put profile attribute_not_exists(PK),
//	    Put e-mail guard attribute_not_exists(PK), Put verification token]
//	    Undo (e-mail not sent): TransactWriteItems [Delete the three, each
//	    conditioned on still belonging to this sign-up]
//	Log in / forgot password / resend by e-mail
//	    GetItem EMAIL#<normalised> -> GetItem USER#<uid>/PROFILE
//	Current user, token check (auth.TokenVersions)
//	    GetItem USER#<uid>/PROFILE (strongly consistent: revocation is immediate)
//	Verify e-mail / reset password with a token
//	    GetItem TOKEN#<hash>, then TransactWriteItems [Delete token
//	    attribute_exists(PK), Update profile]; a reset also requires the
//	    profile's tokenVersion to equal the one stored in the token, so a
//	    password change or an earlier reset kills outstanding reset tokens
//	Change password, logout
//	    UpdateItem USER#<uid>/PROFILE ADD tokenVersion :1 (every older token dies)
//	Create the first admin (exactly once, even in parallel)
//	    TransactWriteItems [Put ADMIN/BOOTSTRAP attribute_not_exists(PK),
//	    Put profile, Put e-mail guard]
//	Social sign-in
//	    GetItem IDP#<provider>#<sub> -> profile; or link/create with
//	    TransactWriteItems [Put identity attribute_not_exists(PK), ...]
//	Login throttling (failures only)
//	    UpdateItem LOGINFAIL#... ADD n :1 IF n < limit reserves a check
//	    BEFORE the password is looked at (address first, then account);
//	    a refused reservation is too_many_requests. A right password gives
//	    its reservations back (UpdateItem ADD n :-1 IF n > 0), a wrong one
//	    leaves them counted. Reading the counter first and counting after
//	    the check would let parallel requests all read the same count and
//	    all be checked; one conditional update per check cannot. The
//	    ratelimit package counts every request, which is right for sign-up
//	    and e-mail sending but would lock out a user who types the right
//	    password after a few wrong ones in a busy office; here only failures
//	    count and a success does not consume the budget.
//	List users, newest first (admin)
//	    Query GSI1 GSI1PK=USERS, ScanIndexForward=false
//	Search users by name or e-mail (admin)
//	    package usersearch (USERIX#... and USER#<uid>/USERIX items), kept
//	    in step after every profile write (admin.go)
//	Change an account's status (admin)
//	    TransactWriteItems [StatusUpdate, the audit entry] (admin.go)
//
// Rate-limit items of sign-up, resend, forgot-password and avatar uploads are the
// ratelimit package's (scopes below).
const (
	userPKPrefix     = "USER#"
	skProfile        = "PROFILE"
	emailPKPrefix    = "EMAIL#"
	skEmail          = "EMAIL"
	tokenPKPrefix    = "TOKEN#"
	skToken          = "TOKEN"
	identityPKPrefix = "IDP#"
	skIdentity       = "IDP"
	pkAdmin          = "ADMIN"
	skAdminBootstrap = "BOOTSTRAP"
	failPKPrefix     = "LOGINFAIL#"
	failSKPrefix     = "W#"
	gsi1PKUsers      = "USERS"

	typeUser       = "User"
	typeEmailGuard = "EmailGuard"
	typeToken      = "Token"
	typeIdentity   = "Identity"
	typeAdminGuard = "AdminGuard"
	typeLoginFail  = "LoginFailures"
)

func userPK(uid string) string               { return userPKPrefix + uid }
func emailPK(normalised string) string       { return emailPKPrefix + normalised }
func tokenPK(hash string) string             { return tokenPKPrefix + hash }
func identityPK(provider, sub string) string { return identityPKPrefix + provider + "#" + sub }

func usersSK(createdAt time.Time, uid string) string { return ddb.TimeKey(createdAt, uid) }

// hashHex is the hex SHA-256 of s: what the table stores instead of raw
// tokens and throttling keys.
func hashHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Rate-limit scopes and budgets (ratelimit.Limiter for requests,
// the store's failure counter for logins).
const (
	scopeSignupAddr   = "signup-addr"
	scopeMailEmail    = "authmail-email"
	scopeMailAddr     = "authmail-addr"
	scopeFailAccount  = "account"
	scopeFailAddr     = "addr"
	scopeAvatar       = "avatar"
	signupAddrLimit   = 10
	mailEmailLimit    = 3
	mailAddrLimit     = 10
	loginAccountLimit = 5
	loginAddrLimit    = 30
	// avatarLimit: someone choosing a profile photo tries a few; each
	// attempt costs a decode of up to 16 megapixels in the 512 MB function,
	// so a script gets 20 an hour and no more.
	avatarLimit = 20
)

// Windows of the limits above.
const (
	signupWindow = time.Hour
	mailWindow   = time.Hour
	loginWindow  = 15 * time.Minute
	avatarWindow = time.Hour
)
