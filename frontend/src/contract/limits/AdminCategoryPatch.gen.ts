// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const AdminCategoryPatch = {
  names: {
    en: { minLength: 1, maxLength: 60 },
    fr: { minLength: 1, maxLength: 60 },
    de: { minLength: 1, maxLength: 60 },
    it: { minLength: 1, maxLength: 60 },
    sq: { minLength: 1, maxLength: 60 },
  },
  sortOrder: { minimum: 0, maximum: 1000000 },
} as const;
