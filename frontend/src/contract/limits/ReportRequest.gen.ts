// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const ReportRequest = { details: { maxLength: 2000 }, email: { maxLength: 254 } } as const;
