package settings

// Item type and key of the site settings.
//
// Item: one for the whole site, absent until an administrator first saves
// the settings (DefaultSite applies until then).
//
//	PK = SETTINGS   SK = SITE   type = SiteSettings
//	noticeEnabled, noticeLevel, noticeText (map language -> text),
//	noticeEndsAt (RFC 3339, absent for no end), signupsOpen, version,
//	updatedAt, updatedBy (the administrator's e-mail)
//
// Access patterns:
//
//	Public settings (settings function, cached in memory   GetItem SETTINGS/SITE
//	    for CacheTTL per warm instance)
//	Sign-ups open? (auth function, each sign-up)           GetItem SETTINGS/SITE (consistent)
//	Read for editing (admin function)                      GetItem SETTINGS/SITE (consistent)
//	Save (admin function)                                  TransactWriteItems [Put SETTINGS/SITE
//	                                                       IF attribute_not_exists(PK) (version 0)
//	                                                       or version = :seen, Put audit entry]
const (
	pkSettings   = "SETTINGS"
	skSite       = "SITE"
	typeSettings = "SiteSettings"
)
