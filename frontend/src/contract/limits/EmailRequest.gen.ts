// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const EmailRequest = { email: { maxLength: 254 } } as const;
