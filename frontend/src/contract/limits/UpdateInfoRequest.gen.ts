// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const UpdateInfoRequest = {
  firstName: { maxLength: 100 },
  lastName: { maxLength: 100 },
  phone: { maxLength: 30 },
  company: {
    name: { maxLength: 150 },
    email: { maxLength: 254 },
    address: { maxLength: 300 },
    website: { maxLength: 300 },
  },
} as const;
