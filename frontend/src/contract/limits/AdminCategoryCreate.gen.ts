// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const AdminCategoryCreate = {
  slug: { minLength: 2, maxLength: 60, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
  sortOrder: { minimum: 0, maximum: 1000000 },
  names: {
    en: { minLength: 1, maxLength: 60 },
    fr: { minLength: 1, maxLength: 60 },
    de: { minLength: 1, maxLength: 60 },
    it: { minLength: 1, maxLength: 60 },
    sq: { minLength: 1, maxLength: 60 },
  },
} as const;
