package seed

// Category is a demo product category with its names in the five UI
// languages (en, fr, de, it, sq).
type Category struct {
	Slug      string
	Parent    string // empty for a top-level category
	SortOrder int
	Names     map[string]string
}

// Categories returns the demo categories: construction materials, tools and
// machines, in display order.
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
		{Slug: "tools", Names: n{"en": "Tools", "fr": "Outils", "de": "Werkzeuge", "it": "Utensili", "sq": "Vegla"}},
		{Slug: "power-tools", Parent: "tools", Names: n{"en": "Power tools", "fr": "Outils électriques", "de": "Elektrowerkzeuge", "it": "Utensili elettrici", "sq": "Vegla elektrike"}},
		{Slug: "hand-tools", Parent: "tools", Names: n{"en": "Hand tools", "fr": "Outils à main", "de": "Handwerkzeuge", "it": "Utensili manuali", "sq": "Vegla dore"}},
		{Slug: "machines", Names: n{"en": "Machines and equipment", "fr": "Machines et équipements", "de": "Maschinen und Geräte", "it": "Macchine e attrezzature", "sq": "Makineri dhe pajisje"}},
	}
	for i := range list {
		list[i].SortOrder = (i + 1) * 10
	}
	return list
}
