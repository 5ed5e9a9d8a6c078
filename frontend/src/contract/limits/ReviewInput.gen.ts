// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const ReviewInput = { rating: { minimum: 1, maximum: 5 }, text: { minLength: 10, maxLength: 2000 } } as const;
