// No user-facing literal text in JSX (STYLE.md rule 13): every visible string is a translation.
import i18next from 'eslint-plugin-i18next';

/** Attributes whose values people read or hear; all others (className, href, role…) are code. */
export const TEXT_ATTRIBUTES = [
  'alt',
  'title',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
];

/** @type {import('eslint').Linter.Config} */
export const literalStringsConfig = {
  name: 'remat/no-literal-strings-in-jsx',
  plugins: { i18next },
  rules: {
    'i18next/no-literal-string': [
      'error',
      {
        mode: 'jsx-only',
        'jsx-attributes': { include: TEXT_ATTRIBUTES, exclude: [] },
        message: 'User-facing text must come from a translation (t(...))',
      },
    ],
  },
};
