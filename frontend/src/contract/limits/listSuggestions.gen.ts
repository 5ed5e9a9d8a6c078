// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const listSuggestions = { q: { minLength: 2, maxLength: 60 } } as const;
