// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const ProductInput = {
  title: { minLength: 3, maxLength: 120 },
  brand: { maxLength: 60 },
  description: { minLength: 10, maxLength: 5000 },
  priceRp: { minimum: 0, maximum: 100000000 },
  discountPct: { minimum: 0, maximum: 99 },
  quantity: { amount: { maximum: 1000000, exclusiveMinimum: 0 } },
  location: { locality: { maxLength: 100 } },
} as const;
