package pages

import "testing"

func TestResolve(t *testing.T) {
	tests := []struct {
		path, query string
		want        Route
	}{
		{"/", "", Route{Kind: KindRedirect, Lang: "fr", To: "/fr/"}},
		{"/about", "x=1", Route{Kind: KindRedirect, Lang: "fr", To: "/fr/about?x=1"}},
		{"/xx/about", "", Route{Kind: KindRedirect, Lang: "fr", To: "/fr/xx/about"}},
		{"/DE/about", "", Route{Kind: KindRedirect, Lang: "de", To: "/de/about"}},
		{"/fr/fr/about", "", Route{Kind: KindRedirect, Lang: "fr", To: "/fr/about"}},
		{"/de/de/", "", Route{Kind: KindRedirect, Lang: "de", To: "/de/"}},
		{"/de/de", "", Route{Kind: KindRedirect, Lang: "de", To: "/de"}},
		{"/FR/fr/about", "q=1", Route{Kind: KindRedirect, Lang: "fr", To: "/fr/about?q=1"}},
		{"/fr", "", Route{Kind: KindHome, Lang: "fr"}},
		{"/sq/", "", Route{Kind: KindHome, Lang: "sq"}},
		{"/fr/products", "category=tiles", Route{Kind: KindProducts, Lang: "fr", Segment: "products"}},
		{"/fr/products/", "", Route{Kind: KindProducts, Lang: "fr", Segment: "products"}},
		{"/it/products/abc", "", Route{Kind: KindSearchToken, Lang: "it", Segment: "products", ID: "abc"}},
		{"/en/product/01J0000000000000000000000A", "", Route{Kind: KindProduct, Lang: "en", Segment: "product", ID: "01J0000000000000000000000A"}},
		{"/en/product", "", Route{Kind: KindNotFound, Lang: "en", Segment: "product"}},
		{"/en/product/a/b", "", Route{Kind: KindNotFound, Lang: "en", Segment: "product"}},
		{"/de/seller/u1", "", Route{Kind: KindSeller, Lang: "de", Segment: "seller", ID: "u1"}},
		{"/fr/about", "", Route{Kind: KindStatic, Lang: "fr", Segment: "about"}},
		{"/fr/vendre", "choosePlan=true", Route{Kind: KindStatic, Lang: "fr", Segment: "vendre"}},
		{"/fr/terms", "", Route{Kind: KindStatic, Lang: "fr", Segment: "terms"}},
		{"/fr/login", "", Route{Kind: KindPrivate, Lang: "fr", Segment: "login"}},
		{"/fr/login/social", "", Route{Kind: KindPrivate, Lang: "fr", Segment: "login"}},
		{"/fr/login/other", "", Route{Kind: KindNotFound, Lang: "fr", Segment: "login"}},
		{"/fr/user/products/edit-product/x", "", Route{Kind: KindPrivate, Lang: "fr", Segment: "user"}},
		{"/fr/admin/anything", "", Route{Kind: KindPrivate, Lang: "fr", Segment: "admin"}},
		{"/fr/reset-password/tok", "", Route{Kind: KindPrivate, Lang: "fr", Segment: "reset-password"}},
		{"/fr/reset-password", "", Route{Kind: KindNotFound, Lang: "fr", Segment: "reset-password"}},
		{"/fr/payment/o1/success", "", Route{Kind: KindPrivate, Lang: "fr", Segment: "payment"}},
		{"/fr/payment/o1/other", "", Route{Kind: KindNotFound, Lang: "fr", Segment: "payment"}},
		{"/fr/choose-plan", "plan=p", Route{Kind: KindPrivate, Lang: "fr", Segment: "choose-plan"}},
		{"/fr/nowhere", "", Route{Kind: KindNotFound, Lang: "fr", Segment: "nowhere"}},
		{"/fr/About", "", Route{Kind: KindNotFound, Lang: "fr", Segment: "About"}},
	}
	for _, tc := range tests {
		t.Run(tc.path+"?"+tc.query, func(t *testing.T) {
			if got := Resolve(tc.path, tc.query); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
