/** Facts about the site that are not translations: brand, outside links, data attribution. */
export const BRAND_NAME = 'Remat';

/** Social profiles shown in the footer. */
export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/remat.ch',
  linkedin: 'https://www.linkedin.com/company/remat-ch',
} as const;

/**
 * Attribution required by the postal-code data's licence (CC BY 4.0, see shared/data/SOURCES.md):
 * "Postal code data: GeoNames (https://www.geonames.org), CC BY 4.0" with a link to GeoNames.
 * Only the lead-in is translated; the name, address and licence stay as they are.
 */
export const GEONAMES_ATTRIBUTION = {
  name: 'GeoNames',
  url: 'https://www.geonames.org',
  suffix: '(https://www.geonames.org), CC BY 4.0',
} as const;
