/** A text in the five UI languages, in the order of the `Language` list (en, fr, de, it, sq). */
export function names(en: string, fr: string, de: string, it: string, sq: string) {
  return { en, fr, de, it, sq };
}

/** The names of the seeded categories, the same in every fixture that lists them. */
export const CATEGORY_NAMES = {
  'building-materials': names(
    'Building materials',
    'Matériaux de construction',
    'Baumaterialien',
    'Materiali da costruzione',
    'Materiale ndërtimi',
  ),
  timber: names('Timber and wood', 'Bois', 'Holz', 'Legname', 'Lëndë druri'),
  roofing: names('Roofing', 'Toiture', 'Bedachung', 'Coperture', 'Mbulesa çatie'),
  'tiles-flooring': names(
    'Tiles and flooring',
    'Carrelage et revêtements de sol',
    'Platten und Bodenbeläge',
    'Piastrelle e pavimenti',
    'Pllaka dhe dysheme',
  ),
  tools: names('Tools', 'Outils', 'Werkzeuge', 'Utensili', 'Vegla'),
  'power-tools': names(
    'Power tools',
    'Outils électriques',
    'Elektrowerkzeuge',
    'Utensili elettrici',
    'Vegla elektrike',
  ),
  machines: names('Machines and equipment', 'Machines et équipements', 'Maschinen und Geräte', 'Macchine', 'Makineri'),
};

export type CategorySlug = keyof typeof CATEGORY_NAMES;

/** A category as `GET /categories` returns it (`parent` left out when not given). */
export function category(slug: CategorySlug, sortOrder: number, parent?: string) {
  return { slug, ...(parent !== undefined && { parent }), sortOrder, names: CATEGORY_NAMES[slug] };
}

/** `GET /brands`. */
export const BRANDS = [
  { slug: 'hilti', name: 'Hilti' },
  { slug: 'makita', name: 'Makita' },
];
