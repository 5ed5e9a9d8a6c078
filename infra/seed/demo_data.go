package seed

import "github.com/remat/remat/shared/accounts"

// demoSeller is a demo account. Key is stable: the user and subscription
// ids are derived from it.
type demoSeller struct {
	Key         string
	FirstName   string
	LastName    string
	Email       string
	Phone       string
	Language    string
	AccountType accounts.AccountType
	Company     *accounts.Company
	// MemberDays is how long before the seed the account was opened
	// ("member since" on the product page).
	MemberDays int
}

// demoSellers: two companies and two private sellers, one per language
// region. The addresses are under example.ch and the phone numbers in an
// unassigned range: nothing here reaches a real person.
var demoSellers = []demoSeller{
	{
		Key: "huber", FirstName: "Thomas", LastName: "Huber", Email: "huber.bau@example.ch",
		Phone: "+41 44 000 00 01", Language: "de", AccountType: accounts.AccountProfessional, MemberDays: 540,
		Company: &accounts.Company{
			Name: "Huber Bau AG", Email: "info.huber-bau@example.ch",
			Address: "Hardturmstrasse 100, 8005 Zürich", Website: "https://huber-bau.example.ch",
		},
	},
	{
		Key: "morel", FirstName: "Claire", LastName: "Morel", Email: "morel.renovation@example.ch",
		Phone: "+41 21 000 00 02", Language: "fr", AccountType: accounts.AccountProfessional, MemberDays: 320,
		Company: &accounts.Company{
			Name: "Morel Rénovation SA", Email: "contact.morel-renovation@example.ch",
			Address: "Avenue de Sévelin 20, 1004 Lausanne", Website: "https://morel-renovation.example.ch",
		},
	},
	{
		Key: "bernasconi", FirstName: "Luca", LastName: "Bernasconi", Email: "luca.bernasconi@example.ch",
		Phone: "+41 91 000 00 03", Language: "it", AccountType: accounts.AccountIndividual, MemberDays: 150,
	},
	{
		Key: "miller", FirstName: "Sarah", LastName: "Miller", Email: "sarah.miller@example.ch",
		Phone: "+41 61 000 00 04", Language: "en", AccountType: accounts.AccountIndividual, MemberDays: 75,
	},
}

// Indexes into demoSellers, for the table below.
const (
	huber = iota
	morel
	bernasconi
	miller
)

// demoAd is one demo listing. Place is "<postal code> <locality>" as in
// the gazetteer, or a canton code for an ad offered in a whole canton.
// Prices are in Rappen. The photos are drawn from Motif (the category's
// default when empty) in Accent, the brand's or the material's colour.
type demoAd struct {
	Seller    int
	Category  string
	Motif     string
	Accent    uint32
	Photos    int
	Brand     string
	Title     string
	Text      string
	PriceRp   int64
	Discount  int
	Condition string
	Amount    float64
	Unit      string
	Pickup    bool
	Delivery  bool
	Place     string
}

// demoAds: two to four per category, each in its seller's language. Their ids
// are derived from the position: append new ads at the end.
//
//nolint:misspell // French, German and Italian, not misspelled English
var demoAds = []demoAd{
	// ---------------------------------------------------------- building-materials
	{
		Seller: huber, Category: "building-materials", Accent: 0xf5c400, Photos: 1,
		Title: "Restposten Rohbau: gemischte Palette Baumaterial",
		Text: "Nach Abschluss einer Überbauung in Altstetten räumen wir das Lager: eine Palette mit Fliesenkleber, " +
			"Grundierung, Fugenmasse, Abdichtungsband und Schrauben. Alles originalverpackt und trocken gelagert. " +
			"Preis für die ganze Palette, nur Abholung mit Hubwagen oder Stapler vor Ort.",
		PriceRp: 18000, Condition: "new", Amount: 1, Unit: "pallet", Pickup: true, Place: "8048 Zürich",
	},
	{
		Seller: miller, Category: "building-materials", Accent: 0x6a8caf, Photos: 1,
		Title: "Leftover renovation materials – free to collect",
		Text: "We finished our kitchen and bathroom renovation and have leftovers to give away: half a bag of plaster, " +
			"two buckets of primer, a box of tile spacers and some silicone cartridges. Everything must go together. " +
			"Collection from our garage in Basel, evenings or Saturday morning.",
		PriceRp: 0, Condition: "used", Amount: 1, Unit: "pallet", Pickup: true, Place: "4057 Basel",
	},

	// ---------------------------------------------------------- concrete-cement
	{
		Seller: huber, Category: "concrete-cement", Brand: "Holcim", Accent: 0x0a5ea8, Photos: 3,
		Title: "Portlandzement CEM II/A-LL 42,5 N, 42 Säcke à 25 kg",
		Text: "Originalverpackte Zementsäcke, Palette nicht angebrochen. Haltbarkeit bis Ende Jahr. " +
			"Preis für die ganze Palette (1'050 kg). Lieferung im Raum Winterthur mit Kran-LKW möglich.",
		PriceRp: 31000, Discount: 15, Condition: "new", Amount: 42, Unit: "pieces", Pickup: true, Delivery: true, Place: "8400 Winterthur",
	},
	{
		Seller: morel, Category: "concrete-cement", Brand: "Sika", Accent: 0xf5c400, Photos: 1,
		Title: "Mortier de réparation Sika MonoTop-612, 8 sacs de 25 kg",
		Text: "Mortier de réparation pour béton, classe R4, commandé en trop pour un balcon. " +
			"Sacs fermés, date de fabrication récente. À retirer à Genève ou livré avec notre prochaine tournée.",
		PriceRp: 16000, Discount: 25, Condition: "new", Amount: 8, Unit: "pieces", Pickup: true, Delivery: true, Place: "1201 Genève",
	},
	{
		Seller: bernasconi, Category: "concrete-cement", Motif: "concrete", Accent: 0x9c9a94, Photos: 2,
		Title: "Anelli per pozzetti in calcestruzzo Ø 80 cm, 5 pezzi",
		Text: "Cinque anelli in calcestruzzo prefabbricato, altezza 50 cm, mai posati. " +
			"Servono un camion con gru o un escavatore per il carico. Prezzo per tutti i pezzi.",
		PriceRp: 15000, Condition: "new", Amount: 5, Unit: "pieces", Pickup: true, Place: "6500 Bellinzona",
	},

	// ---------------------------------------------------------- bricks-blocks
	{
		Seller: huber, Category: "bricks-blocks", Accent: 0xb5532f, Photos: 3,
		Title: "Backstein Swissmodul 15 cm, 2 Paletten",
		Text: "Zwei volle Paletten Backsteine 15 × 19 × 29 cm, zusammen rund 240 Stück. Überschuss aus einem Mehrfamilienhaus, " +
			"Folie intakt. Abholung auf unserem Werkhof in Zürich-Oerlikon, Verlad mit Stapler inklusive.",
		PriceRp: 78000, Discount: 10, Condition: "new", Amount: 2, Unit: "pallet", Pickup: true, Delivery: true, Place: "8050 Zürich",
	},
	{
		Seller: morel, Category: "bricks-blocks", Motif: "blocks", Brand: "Vigier", Accent: 0x9ea3a6, Photos: 1,
		Title: "Plots de ciment 15 × 25 × 50 cm, environ 120 pièces",
		Text: "Plots en béton neufs, restés sur palette après la construction d'un mur de jardin. " +
			"Idéal pour murs de garage ou cloisons de cave. Chargement possible sur place.",
		PriceRp: 24000, Condition: "new", Amount: 120, Unit: "pieces", Pickup: true, Place: "1700 Fribourg",
	},
	{
		Seller: miller, Category: "bricks-blocks", Accent: 0x8f4a30, Photos: 2,
		Title: "Reclaimed old bricks from a Basel townhouse",
		Text: "About 300 handmade bricks recovered from an internal wall of our 1910 townhouse. Mortar mostly removed, " +
			"some chipped corners – lovely patina for a garden path or a feature wall.",
		PriceRp: 15000, Condition: "used", Amount: 300, Unit: "pieces", Pickup: true, Place: "4051 Basel",
	},

	// ---------------------------------------------------------- timber
	{
		Seller: morel, Category: "timber", Motif: "beams", Accent: 0xb86f3f, Photos: 3,
		Title: "Poutres en mélèze 12 × 12 cm, longueur 4 m",
		Text: "16 poutres en mélèze du Valais, séchées, rabotées quatre faces. Parfaites pour une pergola ou un couvert à voitures. " +
			"Livraison en Valais central possible.",
		PriceRp: 68000, Discount: 15, Condition: "new", Amount: 16, Unit: "pieces", Pickup: true, Delivery: true, Place: "1950 Sion",
	},
	{
		Seller: miller, Category: "timber", Accent: 0x8a5a34, Photos: 1,
		Title: "Oak planks from a dismantled barn – free",
		Text: "We took down an old barn on our property near Thun. About 25 solid oak planks, 3 to 4 m long, " +
			"weathered but sound. Free to anyone who collects them – bring helpers, they are heavy!",
		PriceRp: 0, Condition: "used", Amount: 25, Unit: "pieces", Pickup: true, Place: "3600 Thun",
	},
	{
		Seller: bernasconi, Category: "timber", Accent: 0xb26a3c, Photos: 1,
		Title: "Tavole di larice per terrazza, 28 mm, 30 m²",
		Text: "Tavole di larice siberiano per pavimento da esterno, spessore 28 mm, larghezza 14 cm. " +
			"Ordinate per la terrazza ma abbiamo cambiato progetto. Imballo originale.",
		PriceRp: 96000, Discount: 20, Condition: "new", Amount: 30, Unit: "m2", Pickup: true, Delivery: true, Place: "6600 Locarno",
	},

	// ---------------------------------------------------------- metal-steel
	{
		Seller: huber, Category: "metal-steel", Motif: "rebar", Brand: "Stahl Gerlafingen", Accent: 0x8a4b2a, Photos: 2,
		Title: "Armierungseisen B500B Ø 12 mm, Stäbe 6 m, 1,2 t",
		Text: "Bewehrungsstahl aus Schweizer Produktion, gebündelt, leichter Flugrost. " +
			"Übrig geblieben nach einer Bodenplatte. Verlad mit Kran auf unserem Lagerplatz.",
		PriceRp: 115000, Condition: "new", Amount: 1.2, Unit: "t", Pickup: true, Delivery: true, Place: "8200 Schaffhausen",
	},
	{
		Seller: morel, Category: "metal-steel", Accent: 0x7d858c, Photos: 3,
		Title: "Poutrelles HEB 200 d'occasion, 6 pièces",
		Text: "Six poutrelles HEB 200 récupérées lors d'une transformation, longueurs de 3,2 à 5,8 m. " +
			"Sablage recommandé. Chargement avec notre chariot élévateur.",
		PriceRp: 90000, Condition: "used", Amount: 6, Unit: "pieces", Pickup: true, Place: "1400 Yverdon-les-Bains",
	},
	{
		Seller: huber, Category: "metal-steel", Motif: "pipes", Accent: 0xaab3ba, Photos: 1,
		Title: "Verzinkte Stahlrohre 48 mm für Geländer, 60 m",
		Text: "Gerüst- und Geländerrohre 48,3 mm, feuerverzinkt, Längen 2 bis 6 m. " +
			"Wir liefern innerhalb des Kantons Graubünden mit unserem Baustellenfahrzeug.",
		PriceRp: 30000, Condition: "used", Amount: 60, Unit: "m", Delivery: true, Place: "GR",
	},

	// ---------------------------------------------------------- insulation
	{
		Seller: huber, Category: "insulation", Brand: "swisspor", Accent: 0xf0f0ee, Photos: 1,
		Title: "Swisspor EPS 30 Fassadendämmplatten 160 mm, 48 m²",
		Text: "Neue Fassadendämmplatten EPS 30, 160 mm, Lambda 0,030. Sechs ungeöffnete Pakete. " +
			"Fehlbestellung, daher stark reduziert. Lieferung in der Ostschweiz möglich.",
		PriceRp: 86400, Discount: 25, Condition: "new", Amount: 48, Unit: "m2", Pickup: true, Delivery: true, Place: "9000 St. Gallen",
	},
	{
		Seller: morel, Category: "insulation", Brand: "Isover", Accent: 0xe8c65a, Photos: 2,
		Title: "Laine de verre Isover 140 mm, 12 rouleaux",
		Text: "Rouleaux de laine de verre pour combles, 140 mm, emballage d'origine. " +
			"Stockés à l'intérieur. Possibilité de livraison sur le littoral neuchâtelois.",
		PriceRp: 42000, Condition: "new", Amount: 12, Unit: "pieces", Pickup: true, Delivery: true, Place: "2000 Neuchâtel",
	},
	{
		Seller: miller, Category: "insulation", Brand: "Flumroc", Accent: 0xc8b78e, Photos: 1,
		Title: "Flumroc stone wool slabs 100 mm – leftover, 9 m²",
		Text: "Leftover from insulating our attic floor: two full packs of stone wool slabs, 100 mm. " +
			"Never opened. Happy to help load.",
		PriceRp: 6000, Condition: "new", Amount: 9, Unit: "m2", Pickup: true, Place: "4500 Solothurn",
	},

	// ---------------------------------------------------------- roofing
	{
		Seller: huber, Category: "roofing", Brand: "Gasser Ceramic", Accent: 0xa9472b, Photos: 3,
		Title: "Tonziegel Biberschwanz, ca. 800 Stück",
		Text: "Biberschwanzziegel aus einer Dachsanierung, sorgfältig abgedeckt und auf Paletten gestapelt. " +
			"Wenige Stück mit Abplatzern. Passend für Reparaturen an älteren Dächern.",
		PriceRp: 40000, Condition: "used", Amount: 800, Unit: "pieces", Pickup: true, Place: "8500 Frauenfeld",
	},
	{
		Seller: morel, Category: "roofing", Brand: "Eternit", Accent: 0x3e4145, Photos: 1,
		Title: "Ardoises en fibrociment Eternit anthracite, 6 palettes",
		Text: "Six palettes d'ardoises en fibrociment anthracite 40 × 40 cm, couvrant environ 90 m². " +
			"Commande annulée par un client : prix très intéressant. Livraison en Gruyère incluse.",
		PriceRp: 240000, Discount: 35, Condition: "new", Amount: 6, Unit: "pallet", Pickup: true, Delivery: true, Place: "1630 Bulle",
	},
	{
		Seller: bernasconi, Category: "roofing", Motif: "steel", Accent: 0x8a9aa5, Photos: 1,
		Title: "Lamiera grecata per tettoia, 12 pannelli",
		Text: "Dodici pannelli in lamiera grecata zincata, lunghezza 3 m, smontati da una tettoia. " +
			"Qualche graffio, nessuna ruggine passante.",
		PriceRp: 18000, Condition: "used", Amount: 12, Unit: "pieces", Pickup: true, Place: "7500 St. Moritz",
	},

	// ---------------------------------------------------------- windows-doors
	{
		Seller: huber, Category: "windows-doors", Brand: "Schüco", Accent: 0xf2f2f0, Photos: 3,
		Title: "Kunststofffenster 2-flüglig, 3-fach verglast, 120 × 140 cm",
		Text: "Drei neue Fenster mit Dreifachverglasung, Dreh-Kipp, weiss. Fehlmasse aus einem Projekt, " +
			"daher zum halben Preis. Montage durch unser Team auf Anfrage.",
		PriceRp: 135000, Discount: 40, Condition: "new", Amount: 3, Unit: "pieces", Pickup: true, Delivery: true, Place: "8610 Uster",
	},
	{
		Seller: morel, Category: "windows-doors", Motif: "door", Accent: 0x9b6a3c, Photos: 1,
		Title: "Portes intérieures en chêne avec cadre, 5 pièces",
		Text: "Cinq portes intérieures en chêne massif, 80 × 200 cm, avec cadres et ferrements. " +
			"Démontées avec soin lors d'une rénovation d'appartement.",
		PriceRp: 50000, Condition: "used", Amount: 5, Unit: "pieces", Pickup: true, Place: "1260 Nyon",
	},
	{
		Seller: miller, Category: "windows-doors", Accent: 0x8a5a34, Photos: 1,
		Title: "Wooden double-glazed windows – free to a good home",
		Text: "Four wooden windows (about 100 × 120 cm) removed when we replaced ours. Glass intact, " +
			"frames need sanding and paint. Great for a greenhouse or a garden shed.",
		PriceRp: 0, Condition: "used", Amount: 4, Unit: "pieces", Pickup: true, Place: "3800 Interlaken",
	},

	// ---------------------------------------------------------- tiles-flooring
	{
		Seller: huber, Category: "tiles-flooring", Brand: "Villeroy & Boch", Accent: 0x54575a, Photos: 1,
		Title: "Feinsteinzeug 60 × 60 cm anthrazit, 42 m²",
		Text: "Feinsteinzeugplatten, rektifiziert, R10, für innen und aussen. 42 m² aus einer Charge, " +
			"in Originalkartons. Abholung in Zürich-Enge oder Lieferung im Stadtgebiet.",
		PriceRp: 147000, Discount: 30, Condition: "new", Amount: 42, Unit: "m2", Pickup: true, Delivery: true, Place: "8001 Zürich",
	},
	{
		Seller: morel, Category: "tiles-flooring", Motif: "parquet", Brand: "Bauwerk", Accent: 0xb98a57, Photos: 3,
		Title: "Parquet chêne huilé, lames 14 mm, 38 m²",
		Text: "Parquet contrecollé en chêne, huilé nature, lames de 14 mm. Reste d'un grand chantier, " +
			"cartons fermés. Pose par notre équipe possible.",
		PriceRp: 190000, Discount: 20, Condition: "new", Amount: 38, Unit: "m2", Pickup: true, Delivery: true, Place: "1205 Genève",
	},
	{
		Seller: bernasconi, Category: "tiles-flooring", Accent: 0xb8643f, Photos: 2,
		Title: "Piastrelle in cotto toscano 30 × 30 cm, 15 m²",
		Text: "Cotto toscano fatto a mano, avanzato dalla posa della veranda. " +
			"Colori caldi e leggermente variati, come deve essere il vero cotto.",
		PriceRp: 22500, Condition: "new", Amount: 15, Unit: "m2", Pickup: true, Place: "6900 Lugano",
	},

	// ---------------------------------------------------------- plumbing-sanitary
	{
		Seller: huber, Category: "plumbing-sanitary", Brand: "Geberit", Accent: 0xf2f2f2, Photos: 1,
		Title: "Geberit Mepla Verbundrohr 26 mm, 25 m",
		Text: "Fünf Stangen à 5 m Geberit Mepla Verbundrohr, neu, dazu ein Sack Pressfittings. " +
			"Abholung in Zürich-West.",
		PriceRp: 16000, Condition: "new", Amount: 25, Unit: "m", Pickup: true, Place: "8005 Zürich",
	},
	{
		Seller: morel, Category: "plumbing-sanitary", Motif: "wc", Brand: "Geberit", Accent: 0xdfe3e6, Photos: 2,
		Title: "Bâti-support WC Geberit Duofix avec plaque Sigma, 2 pièces",
		Text: "Deux bâtis-supports Duofix 112 cm neufs, avec réservoir Sigma et plaques de déclenchement blanches. " +
			"Emballage d'origine.",
		PriceRp: 52000, Discount: 30, Condition: "new", Amount: 2, Unit: "pieces", Pickup: true, Delivery: true, Place: "1003 Lausanne",
	},
	{
		Seller: miller, Category: "plumbing-sanitary", Motif: "sanitary", Brand: "Laufen", Accent: 0xd9d2c5, Photos: 1,
		Title: "Bathroom vanity unit with Laufen basin",
		Text: "Vanity unit 80 cm with a Laufen ceramic basin and mixer tap. Removed in good condition " +
			"during our bathroom refit; small scratch on one door.",
		PriceRp: 12000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "3007 Bern",
	},

	// ---------------------------------------------------------- electrical
	{
		Seller: huber, Category: "electrical", Accent: 0x2b2b2b, Photos: 2,
		Title: "Kabeltrommel TT 5 × 2,5 mm², ca. 300 m",
		Text: "Angebrochene Trommel Installationskabel TT 5 × 2,5 mm², Restlänge ca. 300 m. " +
			"Trommel wird mitgegeben. Lieferung in der Region Winterthur möglich.",
		PriceRp: 69000, Discount: 15, Condition: "new", Amount: 300, Unit: "m", Pickup: true, Delivery: true, Place: "8400 Winterthur",
	},
	{
		Seller: morel, Category: "electrical", Motif: "switchgear", Brand: "Hager", Accent: 0x1b75bc, Photos: 1,
		Title: "Tableau électrique équipé Hager, 4 rangées",
		Text: "Tableau de distribution Hager 4 rangées avec disjoncteurs et disjoncteurs différentiels, " +
			"démonté lors d'une mise en conformité. Contrôlé par notre électricien.",
		PriceRp: 28000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "2800 Delémont",
	},
	{
		Seller: bernasconi, Category: "electrical", Accent: 0x9aa0a6, Photos: 1,
		Title:   "Cavo FE05 3 × 1,5 mm², matassa da 100 m",
		Text:    "Matassa di cavo per installazione, nuova, mai aperta. Comprata per la casetta in giardino.",
		PriceRp: 8500, Condition: "new", Amount: 100, Unit: "m", Pickup: true, Place: "6830 Chiasso",
	},

	// ---------------------------------------------------------- stone-gravel
	{
		Seller: huber, Category: "stone-gravel", Accent: 0xa49a8a, Photos: 2,
		Title: "Rundkies 16/32 mm gewaschen, ca. 12 m³",
		Text: "Sauberer Rundkies, gewaschen und gesiebt, übrig aus einem Projekt am Zürichsee. " +
			"Geeignet für Sickerpackungen, Drainagen und Wege. Lieferung mit Kipper im Umkreis von 20 km, " +
			"Abholung ab 1 m³ mit eigenem Fahrzeug.",
		PriceRp: 42000, Condition: "new", Amount: 12, Unit: "m3", Pickup: true, Delivery: true, Place: "8800 Thalwil",
	},
	{
		Seller: bernasconi, Category: "stone-gravel", Motif: "stone", Accent: 0x8e8c88, Photos: 1,
		Title: "Lastre di gneiss per giardino, circa 8 m²",
		Text: "Lastre di gneiss della Vallemaggia, spessore 3-5 cm, forme irregolari. Recuperate da un vecchio sentiero " +
			"e pulite. Perfette per un camminamento in giardino.",
		PriceRp: 32000, Condition: "used", Amount: 8, Unit: "m2", Pickup: true, Place: "6670 Avegno",
	},

	// ---------------------------------------------------------- drywall-plaster
	{
		Seller: morel, Category: "drywall-plaster", Brand: "Knauf", Accent: 0x0072bc, Photos: 1,
		Title: "Lot de fin de chantier : plaques de plâtre, profilés et vis Knauf",
		Text: "Surplus d'un chantier de rénovation : 24 plaques de plâtre 12,5 mm, profilés CW/UW, vis et bande à joints. " +
			"Matériel neuf, stocké au sec dans notre dépôt. Livraison possible dans la région lémanique contre supplément.",
		PriceRp: 25000, Discount: 20, Condition: "new", Amount: 1, Unit: "pallet", Pickup: true, Delivery: true, Place: "1110 Morges",
	},
	{
		Seller: bernasconi, Category: "drywall-plaster", Motif: "lot", Accent: 0x9c7b4f, Photos: 1,
		Title: "Intonaco e malta avanzati dalla ristrutturazione",
		Text: "Dopo la ristrutturazione della casa di famiglia vendo il materiale avanzato: sacchi di intonaco, " +
			"malta, rete porta intonaco e alcuni listelli. Tutto in buono stato, conservato in cantina. Solo ritiro.",
		PriceRp: 9000, Condition: "used", Amount: 1, Unit: "pallet", Pickup: true, Place: "6850 Mendrisio",
	},

	// ---------------------------------------------------------- paints-coatings
	{
		Seller: morel, Category: "paints-coatings", Brand: "Sto", Accent: 0x78b52f, Photos: 1,
		Title: "Peinture de façade StoColor, 6 seaux de 15 l",
		Text: "Peinture de façade siloxane blanc cassé, teinte NCS S 0502-Y. Six seaux neufs, commandés en trop pour " +
			"un immeuble à Lausanne. Livraison possible avec nos véhicules dans le canton de Vaud.",
		PriceRp: 72000, Discount: 30, Condition: "new", Amount: 6, Unit: "pieces", Pickup: true, Delivery: true, Place: "1018 Lausanne",
	},
	{
		Seller: miller, Category: "paints-coatings", Brand: "Caparol", Accent: 0x1f5fa8, Photos: 1,
		Title: "Caparol interior wall paint, white – 4 buckets",
		Text: "Four 12.5 l buckets of matt white interior paint, two unopened and two about half full. " +
			"We repainted the flat and have far too much left.",
		PriceRp: 6000, Condition: "used", Amount: 4, Unit: "pieces", Pickup: true, Place: "3006 Bern",
	},

	// ---------------------------------------------------------- heating-ventilation
	{
		Seller: huber, Category: "heating-ventilation", Motif: "boiler", Brand: "Viessmann", Accent: 0xe8731e, Photos: 2,
		Title: "Viessmann Vitodens 200-W Gas-Brennwertkessel, neu",
		Text: "Wandhängendes Gas-Brennwertgerät 25 kW, originalverpackt, aus einem stornierten Umbau. " +
			"Volle Herstellergarantie ab Inbetriebnahme. Installation durch Ihren Heizungsinstallateur.",
		PriceRp: 420000, Discount: 25, Condition: "new", Amount: 1, Unit: "pieces", Pickup: true, Delivery: true, Place: "6340 Baar",
	},
	{
		Seller: bernasconi, Category: "heating-ventilation", Accent: 0xe9e4d8, Photos: 1,
		Title: "Radiatori in ghisa d'epoca – in regalo",
		Text: "Quattro radiatori in ghisa a colonne, anni '50, smontati durante il rifacimento dell'impianto. " +
			"Pesanti: servono due persone e un furgone. Li regalo a chi li viene a prendere.",
		PriceRp: 0, Condition: "used", Amount: 4, Unit: "pieces", Pickup: true, Place: "6900 Lugano",
	},

	// ---------------------------------------------------------- tools
	{
		Seller: huber, Category: "tools", Brand: "Würth", Accent: 0xcc0000, Photos: 2,
		Title: "Werkstattwagen mit 7 Schubladen, bestückt",
		Text: "Werkzeugwagen mit Schlüsseln, Knarren, Zangen und Schraubendrehern, fast vollständig. " +
			"Aus der Auflösung unserer Werkstatt in Zug.",
		PriceRp: 45000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "6300 Zug",
	},
	{
		Seller: bernasconi, Category: "tools", Accent: 0x2e6db4, Photos: 1,
		Title:   "Cassetta attrezzi con utensili vari",
		Text:    "Cassetta in metallo con martello, pinze, chiavi e cacciaviti. Ideale per chi inizia il fai da te.",
		PriceRp: 6000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "6600 Locarno",
	},
	{
		Seller: miller, Category: "tools", Motif: "case", Brand: "Rubi", Accent: 0x0070b8, Photos: 1,
		Title: "Rubi tile cutter and tiling tools set",
		Text: "Manual tile cutter (up to 60 cm), notched trowels, spacers and a rubber mallet. " +
			"Used for one bathroom, works perfectly.",
		PriceRp: 9500, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "3011 Bern",
	},

	// ---------------------------------------------------------- power-tools
	{
		Seller: huber, Category: "power-tools", Brand: "Hilti", Accent: 0xd2051e, Photos: 3,
		Title: "Hilti Akku-Bohrhammer TE 30-A36 mit 2 Akkus",
		Text: "Kombihammer aus unserem Gerätepark, regelmässig gewartet. Mit zwei Akkus, Ladegerät und Koffer. " +
			"Abholung in Zürich.",
		PriceRp: 69000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "8001 Zürich",
	},
	{
		Seller: morel, Category: "power-tools", Motif: "saw", Brand: "Festool", Accent: 0x4d5b55, Photos: 1,
		Title: "Scie plongeante Festool TS 55 avec rail de guidage",
		Text: "Scie plongeante TS 55 avec rail de 1,4 m et Systainer. Lame neuve. " +
			"Remplacée par un modèle sans fil.",
		PriceRp: 48000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "1004 Lausanne",
	},
	{
		Seller: miller, Category: "power-tools", Brand: "Bosch", Accent: 0x00677f, Photos: 2,
		Title:   "Bosch Professional cordless drill GSR 18V",
		Text:    "Cordless drill with two batteries, charger and case. Used for a few DIY projects only.",
		PriceRp: 11000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "4051 Basel",
	},
	{
		Seller: bernasconi, Category: "power-tools", Brand: "Makita", Accent: 0x00939b, Photos: 1,
		Title:   "Avvitatore a impulsi Makita 18 V con valigetta",
		Text:    "Avvitatore a impulsi ricevuto in regalo doppio, mai usato. Con batteria, caricatore e valigetta.",
		PriceRp: 19000, Discount: 20, Condition: "new", Amount: 1, Unit: "pieces", Pickup: true, Place: "6900 Lugano",
	},

	// ---------------------------------------------------------- hand-tools
	{
		Seller: morel, Category: "hand-tools", Accent: 0x8b5a2b, Photos: 1,
		Title: "Lot d'outils à main de maçon (truelles, taloches, niveaux)",
		Text: "Truelles, taloches, platoirs, règles et niveaux de maçon. Outils de chantier usagés mais en bon état, " +
			"livrés avec notre camionnette partout en Valais.",
		PriceRp: 4500, Condition: "used", Amount: 1, Unit: "pieces", Delivery: true, Place: "VS",
	},
	{
		Seller: miller, Category: "hand-tools", Accent: 0xf2c300, Photos: 1,
		Title:   "Hand tool bundle from a workshop clear-out",
		Text:    "Hammers, saws, chisels, a spirit level and clamps from my late father's workshop. Sold as one lot.",
		PriceRp: 3500, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "4410 Liestal",
	},
	{
		Seller: bernasconi, Category: "hand-tools", Brand: "Knipex", Accent: 0xc8102e, Photos: 1,
		Title:   "Set di 5 pinze Knipex",
		Text:    "Pinze universali, a becchi lunghi, tronchese, pinza regolabile e spelafili. Nuove, mai usate.",
		PriceRp: 12000, Discount: 25, Condition: "new", Amount: 5, Unit: "pieces", Pickup: true, Place: "6500 Bellinzona",
	},

	// ---------------------------------------------------------- measuring-tools
	{
		Seller: huber, Category: "measuring-tools", Motif: "handtools", Brand: "Stabila", Accent: 0xf2c300, Photos: 1,
		Title:   "Stabila Wasserwaagen-Set 60 / 120 / 200 cm",
		Text:    "Drei neue Wasserwaagen, Originalverpackung. Doppelt bestellt, daher abzugeben.",
		PriceRp: 15000, Discount: 15, Condition: "new", Amount: 3, Unit: "pieces", Pickup: true, Delivery: true, Place: "5000 Aarau",
	},
	{
		Seller: morel, Category: "measuring-tools", Brand: "Hilti", Accent: 0xd2051e, Photos: 1,
		Title: "Laser rotatif Hilti PR 30-HVS avec trépied et récepteur",
		Text: "Laser rotatif de chantier, calibré il y a six mois, avec récepteur, trépied, mire et coffret. " +
			"Vendu car nous passons à un modèle à double inclinaison.",
		PriceRp: 145000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "1003 Lausanne",
	},

	// ---------------------------------------------------------- scaffolding-ladders
	{
		Seller: morel, Category: "scaffolding-ladders", Motif: "scaffold", Brand: "Layher", Accent: 0xb8894f, Photos: 1,
		Title: "Échafaudage roulant aluminium, hauteur de travail 6 m",
		Text: "Échafaudage roulant avec plateaux, garde-corps et stabilisateurs. Utilisé sur nos chantiers, " +
			"complet et contrôlé.",
		PriceRp: 160000, Discount: 10, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Delivery: true, Place: "1227 Carouge GE",
	},
	{
		Seller: miller, Category: "scaffolding-ladders", Motif: "ladder", Accent: 0xc0c6cc, Photos: 1,
		Title: "Aluminium extension ladder, 3 × 9 rungs",
		Text: "Three-section combination ladder, reaches about 6.5 m. Used for painting the house; " +
			"solid and stable, non-slip feet.",
		PriceRp: 12000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "4500 Solothurn",
	},

	// ---------------------------------------------------------- machines
	{
		Seller: huber, Category: "machines", Motif: "appliance", Accent: 0x2f6fb5, Photos: 1,
		Title: "Bautrockner 50 l/Tag, 2 Stück",
		Text: "Zwei Kondenstrockner aus unserem Gerätepark, ideal nach Wasserschäden oder für frische Unterlagsböden. " +
			"Geprüft und gereinigt, mit Ablaufschlauch.",
		PriceRp: 90000, Discount: 20, Condition: "used", Amount: 2, Unit: "pieces", Pickup: true, Delivery: true, Place: "8953 Dietikon",
	},
	{
		Seller: miller, Category: "machines", Motif: "appliance", Brand: "Kärcher", Accent: 0xffd100, Photos: 1,
		Title: "Kärcher K5 pressure washer with patio cleaner",
		Text: "Pressure washer with the patio cleaner attachment and a 10 m hose. Works well; " +
			"we are moving to a flat without a garden.",
		PriceRp: 15000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "4053 Basel",
	},

	// ---------------------------------------------------------- earthmoving
	{
		Seller: huber, Category: "earthmoving", Brand: "Liebherr", Accent: 0xf2c300, Photos: 3,
		Title: "Liebherr Raupenbagger R 914 Compact, Jg. 2016",
		Text: "Kurzheckbagger mit 6'800 Betriebsstunden, Schnellwechsler und zwei Löffeln. Service frisch gemacht, " +
			"MFK-Bericht vorhanden. Transport mit Tieflader gegen Aufpreis.",
		PriceRp: 6800000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Delivery: true, Place: "8600 Dübendorf",
	},
	{
		Seller: morel, Category: "earthmoving", Brand: "Kubota", Accent: 0xf26c1d, Photos: 3,
		Title: "Mini-pelle Kubota KX016-4, 2019, 1 850 heures",
		Text: "Mini-pelle 1,6 t avec trois godets et attache rapide. Entretien régulier dans notre atelier, " +
			"chenilles caoutchouc à 70 %. Transport possible sur remorque dans toute la Suisse romande.",
		PriceRp: 2150000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Delivery: true, Place: "1920 Martigny",
	},

	// ---------------------------------------------------------- lifting-handling
	{
		Seller: huber, Category: "lifting-handling", Motif: "loader", Brand: "JCB", Accent: 0xf2b900, Photos: 2,
		Title: "JCB Teleskoplader 531-70, 7 m Hubhöhe",
		Text: "Teleskoplader mit Palettengabel und Schaufel, 4'200 Betriebsstunden, Servicebuch vollständig. " +
			"Abgabe ab MFK. Transport auf Anfrage.",
		PriceRp: 4900000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Delivery: true, Place: "9008 St. Gallen",
	},
	{
		Seller: morel, Category: "lifting-handling", Accent: 0xe30613, Photos: 1,
		Title: "Transpalette manuel 2,5 t",
		Text: "Transpalette standard, fourches de 1150 mm, roues en polyuréthane. Fonctionne parfaitement, " +
			"joint de la pompe remplacé l'an dernier.",
		PriceRp: 18000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "2000 Neuchâtel",
	},

	// ---------------------------------------------------------- compactors-mixers
	{
		Seller: bernasconi, Category: "compactors-mixers", Motif: "mixer", Accent: 0xe35205, Photos: 1,
		Title: "Betoniera elettrica 180 l",
		Text: "Betoniera elettrica 230 V, 180 litri, usata per costruire il muro del giardino. Funziona bene, " +
			"qualche segno d'uso.",
		PriceRp: 19000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "6600 Locarno",
	},
	{
		Seller: miller, Category: "compactors-mixers", Motif: "compactor", Brand: "Wacker Neuson", Accent: 0xf2c300, Photos: 2,
		Title:   "Wacker Neuson plate compactor",
		Text:    "Petrol plate compactor, 60 kg, used to lay our driveway. Starts first time, recently serviced.",
		PriceRp: 85000, Discount: 10, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "4600 Olten",
	},

	// ---------------------------------------------------------- generators-compressors
	{
		Seller: bernasconi, Category: "generators-compressors", Motif: "compressor", Accent: 0xd62828, Photos: 1,
		Title: "Compressore d'aria 50 litri, 2 HP",
		Text: "Compressore coassiale con serbatoio da 50 l, manometro e tubo spiralato da 10 m. " +
			"Usato pochissimo, per gonfiare e verniciare.",
		PriceRp: 14000, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Place: "6850 Mendrisio",
	},
	{
		Seller: huber, Category: "generators-compressors", Accent: 0xf28c00, Photos: 1,
		Title: "Stromerzeuger 6,5 kVA Benzin, mit Fahrwerk",
		Text: "Baustellen-Stromaggregat 230/400 V mit Fahrwerk. Rund 300 Betriebsstunden, Öl frisch gewechselt, " +
			"springt sofort an.",
		PriceRp: 120000, Discount: 15, Condition: "used", Amount: 1, Unit: "pieces", Pickup: true, Delivery: true, Place: "8200 Schaffhausen",
	},
}
