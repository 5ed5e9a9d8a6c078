/** How often an alert e-mail may be sent: at most hourly (`instant`) or once a day. */
export const FREQUENCIES = ['instant', 'daily'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The longest name the server accepts. */
export const NAME_MAX_LENGTH = 80;

/** A saved search as the API sends it (`/saved-searches`). */
export interface SavedSearch {
  id: string;
  name: string;
  /** The product list's query string, reduced by the server to the filters it keeps. */
  params: string;
  /** "8001 Zürich" when the search has a radius around a place. */
  place?: string;
  frequency: Frequency;
  paused: boolean;
  createdAt: string;
  lastSentAt?: string;
}

/** `GET /saved-searches`: newest first, and how many one user may keep. */
export interface SavedSearchList {
  items: SavedSearch[];
  max: number;
}

/** `POST /saved-searches`. */
export interface NewSavedSearch {
  name: string;
  params: string;
  frequency: Frequency;
}

/** `PATCH /saved-searches/{id}`: any of the fields. */
export interface SavedSearchChanges {
  id: string;
  name?: string;
  frequency?: Frequency;
  paused?: boolean;
}
