// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const ContactRequestInput = {
  name: { minLength: 1, maxLength: 100 },
  email: { maxLength: 254 },
  phone: { maxLength: 30 },
  message: { minLength: 1, maxLength: 2000 },
} as const;
