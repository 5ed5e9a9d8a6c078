// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const previewOrder = { planId: { minLength: 1, maxLength: 40 } } as const;
