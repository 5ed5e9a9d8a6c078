// Package favourites is the wish list: signed-in users keep ads they want
// to come back to, and each ad's seller sees how many people saved it.
//
// Saving checks in the same transaction that the ad is active, shown and
// not the caller's own, that the list has room (MaxFavourites), and adds
// one to the ad's favourites counter; removing takes it off again. The
// list outlives the ads in it: an ad that was deactivated, expired or
// deleted stays in the list with that state until its owner removes it,
// so a buyer sees what happened to it instead of an ad silently missing.
package favourites
