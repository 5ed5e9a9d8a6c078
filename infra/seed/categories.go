package seed

// Category is a demo product category with its names in the five UI
// languages (en, fr, de, it, sq).
type Category struct {
	Slug      string
	Parent    string // empty for a top-level category
	SortOrder int
	Names     map[string]string
}

// Categories returns the category tree: construction materials, tools and
// machines with their subcategories, in display order. Slugs are stable
// (ads and search terms refer to them); names and order may change.
func Categories() []Category {
	type n = map[string]string
	list := []Category{
		{Slug: "building-materials", Names: n{"en": "Building materials", "fr": "Matériaux de construction", "de": "Baumaterialien", "it": "Materiali da costruzione", "sq": "Materiale ndërtimi"}},
		{Slug: "concrete-cement", Parent: "building-materials", Names: n{"en": "Concrete and cement", "fr": "Béton et ciment", "de": "Beton und Zement", "it": "Calcestruzzo e cemento", "sq": "Beton dhe çimento"}},
		{Slug: "bricks-blocks", Parent: "building-materials", Names: n{"en": "Bricks and blocks", "fr": "Briques et blocs", "de": "Backsteine und Blöcke", "it": "Mattoni e blocchi", "sq": "Tulla dhe blloqe"}},
		{Slug: "timber", Parent: "building-materials", Names: n{"en": "Timber and wood", "fr": "Bois", "de": "Holz", "it": "Legname", "sq": "Lëndë druri"}},
		{Slug: "metal-steel", Parent: "building-materials", Names: n{"en": "Metal and steel", "fr": "Métal et acier", "de": "Metall und Stahl", "it": "Metallo e acciaio", "sq": "Metal dhe çelik"}},
		{Slug: "insulation", Parent: "building-materials", Names: n{"en": "Insulation", "fr": "Isolation", "de": "Dämmstoffe", "it": "Materiali isolanti", "sq": "Materiale izoluese"}},
		{Slug: "roofing", Parent: "building-materials", Names: n{"en": "Roofing", "fr": "Toiture", "de": "Bedachung", "it": "Coperture", "sq": "Mbulesa çatie"}},
		{Slug: "windows-doors", Parent: "building-materials", Names: n{"en": "Windows and doors", "fr": "Fenêtres et portes", "de": "Fenster und Türen", "it": "Finestre e porte", "sq": "Dritare dhe dyer"}},
		{Slug: "tiles-flooring", Parent: "building-materials", Names: n{"en": "Tiles and flooring", "fr": "Carrelage et revêtements de sol", "de": "Platten und Bodenbeläge", "it": "Piastrelle e pavimenti", "sq": "Pllaka dhe dysheme"}},
		{Slug: "plumbing-sanitary", Parent: "building-materials", Names: n{"en": "Plumbing and sanitary", "fr": "Sanitaire et plomberie", "de": "Sanitär", "it": "Sanitari e idraulica", "sq": "Hidraulikë dhe sanitare"}},
		{Slug: "electrical", Parent: "building-materials", Names: n{"en": "Electrical", "fr": "Matériel électrique", "de": "Elektromaterial", "it": "Materiale elettrico", "sq": "Materiale elektrike"}},
		{Slug: "stone-gravel", Parent: "building-materials", Names: n{"en": "Sand, gravel and stone", "fr": "Sable, gravier et pierre", "de": "Sand, Kies und Stein", "it": "Sabbia, ghiaia e pietra", "sq": "Rërë, zhavorr dhe gur"}},
		{Slug: "drywall-plaster", Parent: "building-materials", Names: n{"en": "Drywall and plaster", "fr": "Plaques de plâtre et enduits", "de": "Gipsplatten und Putz", "it": "Cartongesso e intonaco", "sq": "Pllaka gipsi dhe suva"}},
		{Slug: "paints-coatings", Parent: "building-materials", Names: n{"en": "Paints and coatings", "fr": "Peintures et revêtements", "de": "Farben und Beschichtungen", "it": "Pitture e rivestimenti", "sq": "Bojëra dhe veshje"}},
		{Slug: "heating-ventilation", Parent: "building-materials", Names: n{"en": "Heating and ventilation", "fr": "Chauffage et ventilation", "de": "Heizung und Lüftung", "it": "Riscaldamento e ventilazione", "sq": "Ngrohje dhe ventilim"}},
		{Slug: "tools", Names: n{"en": "Tools", "fr": "Outils", "de": "Werkzeuge", "it": "Utensili", "sq": "Vegla"}},
		{Slug: "power-tools", Parent: "tools", Names: n{"en": "Power tools", "fr": "Outils électriques", "de": "Elektrowerkzeuge", "it": "Utensili elettrici", "sq": "Vegla elektrike"}},
		{Slug: "hand-tools", Parent: "tools", Names: n{"en": "Hand tools", "fr": "Outils à main", "de": "Handwerkzeuge", "it": "Utensili manuali", "sq": "Vegla dore"}},
		{Slug: "measuring-tools", Parent: "tools", Names: n{"en": "Measuring tools", "fr": "Instruments de mesure", "de": "Messwerkzeuge", "it": "Strumenti di misura", "sq": "Vegla matëse"}},
		{Slug: "scaffolding-ladders", Parent: "tools", Names: n{"en": "Scaffolding and ladders", "fr": "Échafaudages et échelles", "de": "Gerüste und Leitern", "it": "Ponteggi e scale", "sq": "Skela dhe shkallë"}},
		{Slug: "machines", Names: n{"en": "Machines and equipment", "fr": "Machines et équipements", "de": "Maschinen und Geräte", "it": "Macchine e attrezzature", "sq": "Makineri dhe pajisje"}},
		{Slug: "earthmoving", Parent: "machines", Names: n{"en": "Excavators and loaders", "fr": "Pelles et chargeuses", "de": "Bagger und Lader", "it": "Escavatori e pale caricatrici", "sq": "Ekskavatorë dhe ngarkues"}},
		{Slug: "lifting-handling", Parent: "machines", Names: n{"en": "Lifting and handling", "fr": "Levage et manutention", "de": "Heben und Transportieren", "it": "Sollevamento e movimentazione", "sq": "Ngritje dhe transport"}},
		{Slug: "compactors-mixers", Parent: "machines", Names: n{"en": "Compactors and mixers", "fr": "Compacteurs et bétonnières", "de": "Verdichter und Mischer", "it": "Compattatori e betoniere", "sq": "Kompaktues dhe përzierës"}},
		{Slug: "generators-compressors", Parent: "machines", Names: n{"en": "Generators and compressors", "fr": "Groupes électrogènes et compresseurs", "de": "Generatoren und Kompressoren", "it": "Generatori e compressori", "sq": "Gjeneratorë dhe kompresorë"}},
	}
	for i := range list {
		list[i].SortOrder = (i + 1) * 10
	}
	return list
}
