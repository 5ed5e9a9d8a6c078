import type { Language } from '@/lib/languages';
import { CANTON_CODES, type CantonCode } from '@/lib/searchCriteria';

/**
 * Canton names per UI language. They are proper names, many identical across languages, so they
 * live here as data (like the languages' own names) rather than in the translation files.
 */
const NAMES: Record<CantonCode, [en: string, fr: string, de: string, it: string, sq: string]> = {
  ZH: ['Zurich', 'Zurich', 'Zürich', 'Zurigo', 'Cyrih'],
  BE: ['Bern', 'Berne', 'Bern', 'Berna', 'Bernë'],
  LU: ['Lucerne', 'Lucerne', 'Luzern', 'Lucerna', 'Lucernë'],
  UR: ['Uri', 'Uri', 'Uri', 'Uri', 'Uri'],
  SZ: ['Schwyz', 'Schwyz', 'Schwyz', 'Svitto', 'Schwyz'],
  OW: ['Obwalden', 'Obwald', 'Obwalden', 'Obvaldo', 'Obwalden'],
  NW: ['Nidwalden', 'Nidwald', 'Nidwalden', 'Nidvaldo', 'Nidwalden'],
  GL: ['Glarus', 'Glaris', 'Glarus', 'Glarona', 'Glarus'],
  ZG: ['Zug', 'Zoug', 'Zug', 'Zugo', 'Zug'],
  FR: ['Fribourg', 'Fribourg', 'Freiburg', 'Friburgo', 'Fribourg'],
  SO: ['Solothurn', 'Soleure', 'Solothurn', 'Soletta', 'Solothurn'],
  BS: ['Basel-Stadt', 'Bâle-Ville', 'Basel-Stadt', 'Basilea Città', 'Bazel-Qytet'],
  BL: ['Basel-Landschaft', 'Bâle-Campagne', 'Basel-Landschaft', 'Basilea Campagna', 'Bazel-Fshat'],
  SH: ['Schaffhausen', 'Schaffhouse', 'Schaffhausen', 'Sciaffusa', 'Schaffhausen'],
  AR: [
    'Appenzell Ausserrhoden',
    'Appenzell Rhodes-Extérieures',
    'Appenzell Ausserrhoden',
    'Appenzello Esterno',
    'Appenzell Ausserrhoden',
  ],
  AI: [
    'Appenzell Innerrhoden',
    'Appenzell Rhodes-Intérieures',
    'Appenzell Innerrhoden',
    'Appenzello Interno',
    'Appenzell Innerrhoden',
  ],
  SG: ['St. Gallen', 'Saint-Gall', 'St. Gallen', 'San Gallo', 'Shën Galen'],
  GR: ['Graubünden', 'Grisons', 'Graubünden', 'Grigioni', 'Graubünden'],
  AG: ['Aargau', 'Argovie', 'Aargau', 'Argovia', 'Aargau'],
  TG: ['Thurgau', 'Thurgovie', 'Thurgau', 'Turgovia', 'Thurgau'],
  TI: ['Ticino', 'Tessin', 'Tessin', 'Ticino', 'Ticino'],
  VD: ['Vaud', 'Vaud', 'Waadt', 'Vaud', 'Vaud'],
  VS: ['Valais', 'Valais', 'Wallis', 'Vallese', 'Valais'],
  NE: ['Neuchâtel', 'Neuchâtel', 'Neuenburg', 'Neuchâtel', 'Neuchâtel'],
  GE: ['Geneva', 'Genève', 'Genf', 'Ginevra', 'Gjenevë'],
  JU: ['Jura', 'Jura', 'Jura', 'Giura', 'Jura'],
};

const LANGUAGE_INDEX: Record<Language, number> = { en: 0, fr: 1, de: 2, it: 3, sq: 4 };

/** The canton's name in `lang`; the code itself for anything that is not a canton code. */
export function cantonName(code: string, lang: Language): string {
  const names = (NAMES as Partial<Record<string, readonly string[]>>)[code];
  return names?.[LANGUAGE_INDEX[lang]] ?? code;
}

/** Every canton as a picker option, sorted by its name in `lang`. */
export function cantonOptions(lang: Language): { code: CantonCode; name: string }[] {
  return CANTON_CODES.map((code) => ({ code, name: cantonName(code, lang) })).sort((a, b) =>
    a.name.localeCompare(b.name, lang),
  );
}
