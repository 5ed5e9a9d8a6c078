// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const SavedSearchChange = { name: { minLength: 1, maxLength: 80 } } as const;
