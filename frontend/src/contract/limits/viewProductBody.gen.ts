// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const viewProductBody = { visitorId: { minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } } as const;
