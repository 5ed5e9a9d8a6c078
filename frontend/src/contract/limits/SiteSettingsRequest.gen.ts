// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export const SiteSettingsRequest = {
  notice: {
    text: {
      en: { maxLength: 200 },
      fr: { maxLength: 200 },
      de: { maxLength: 200 },
      it: { maxLength: 200 },
      sq: { maxLength: 200 },
    },
  },
  version: { minimum: 0 },
} as const;
