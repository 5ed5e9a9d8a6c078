// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const searchProducts = {
  q: { maxLength: 200 },
  category: { maxLength: 60 },
  brand: { maxLength: 60 },
  maxPrice: { pattern: '^[0-9]{1,7}(\\.[0-9]{1,2})?$' },
  location: { maxLength: 100 },
  radius: { minimum: 1, maximum: 200 },
  canton: { pattern: '^[A-Za-z]{2}$' },
  limit: { minimum: 1, maximum: 48 },
} as const;
