// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const UpdatePlanRequest = {
  name: {
    en: { minLength: 1, maxLength: 60 },
    fr: { minLength: 1, maxLength: 60 },
    de: { minLength: 1, maxLength: 60 },
    it: { minLength: 1, maxLength: 60 },
    sq: { minLength: 1, maxLength: 60 },
  },
  description: {
    en: { minLength: 1, maxLength: 300 },
    fr: { minLength: 1, maxLength: 300 },
    de: { minLength: 1, maxLength: 300 },
    it: { minLength: 1, maxLength: 300 },
    sq: { minLength: 1, maxLength: 300 },
  },
  priceRp: { minimum: 50, maximum: 10000000 },
  duration: { value: { minimum: 1 } },
  freeMonths: { minimum: 0, maximum: 12 },
  adAllowance: { minimum: 0, maximum: 10000 },
  imageAllowance: { minimum: 0, maximum: 30 },
  adDurationDays: { minimum: 0, maximum: 365 },
  sortOrder: { minimum: 0, maximum: 1000 },
  version: { minimum: 0 },
} as const;
