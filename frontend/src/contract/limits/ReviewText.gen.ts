// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const ReviewText = {
  text: { minLength: 1, maxLength: 2000 },
  reason: { minLength: 1, maxLength: 500 },
} as const;
