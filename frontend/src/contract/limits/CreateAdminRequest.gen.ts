// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const CreateAdminRequest = {
  firstName: { maxLength: 100 },
  lastName: { maxLength: 100 },
  email: { maxLength: 254 },
  password: { minLength: 10, maxLength: 128 },
} as const;
