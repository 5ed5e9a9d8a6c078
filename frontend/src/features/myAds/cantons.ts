/**
 * The 26 Swiss cantons by their official abbreviation, each with its official name(s) in the
 * canton's own language(s). Like the language menu's endonyms, these names are the same in every
 * UI language, so they are data rather than translations.
 */
export const CANTONS = [
  ['AG', 'Aargau'],
  ['AI', 'Appenzell Innerrhoden'],
  ['AR', 'Appenzell Ausserrhoden'],
  ['BE', 'Bern / Berne'],
  ['BL', 'Basel-Landschaft'],
  ['BS', 'Basel-Stadt'],
  ['FR', 'Fribourg / Freiburg'],
  ['GE', 'Genève'],
  ['GL', 'Glarus'],
  ['GR', 'Graubünden / Grischun / Grigioni'],
  ['JU', 'Jura'],
  ['LU', 'Luzern'],
  ['NE', 'Neuchâtel'],
  ['NW', 'Nidwalden'],
  ['OW', 'Obwalden'],
  ['SG', 'St. Gallen'],
  ['SH', 'Schaffhausen'],
  ['SO', 'Solothurn'],
  ['SZ', 'Schwyz'],
  ['TG', 'Thurgau'],
  ['TI', 'Ticino'],
  ['UR', 'Uri'],
  ['VD', 'Vaud'],
  ['VS', 'Valais / Wallis'],
  ['ZG', 'Zug'],
  ['ZH', 'Zürich'],
] as const satisfies readonly (readonly [string, string])[];

export type CantonCode = (typeof CANTONS)[number][0];

export function isCantonCode(value: string): value is CantonCode {
  return CANTONS.some(([code]) => code === value);
}
