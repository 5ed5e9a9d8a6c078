// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const ImageUploadRequest = { size: { minimum: 1, maximum: 15728640 } } as const;
