// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const ContactUsRequest = {
  name: { minLength: 1, maxLength: 100 },
  email: { maxLength: 254 },
  subject: { minLength: 1, maxLength: 150 },
  message: { minLength: 1, maxLength: 5000 },
} as const;
