/** `POST /contact-request`: what a buyer sends. `website` is the honeypot (always empty for people). */
export interface ContactRequestInput {
  adId: string;
  name: string;
  email: string;
  phone?: string;
  message: string;
  website?: string;
}

/** `201` body of `POST /contact-request`. */
export interface ContactRequestSent {
  message: 'contact_request_sent';
  id: string;
}

/** A request as the seller who received it sees it. */
export interface ContactRequest {
  id: string;
  adId: string;
  /** The ad's title when the request was sent. */
  adTitle: string;
  name: string;
  email: string;
  phone?: string;
  message: string;
  read: boolean;
  archived: boolean;
  createdAt: string;
}

/**
 * `GET /contact-request`. `categories` has one entry per unread request (at most 100): the header
 * badge shows its length (spec §2).
 */
export interface ContactRequestList {
  items: ContactRequest[];
  nextCursor: string | null;
  unreadCount: number;
  categories: string[];
}

/** Which page of which folder to list. */
export interface ContactRequestQuery {
  archived?: boolean;
  cursor?: string;
}

/** `PATCH /contact-request/{id}`: at least one field. */
export interface ContactRequestChange {
  id: string;
  read?: boolean;
  archived?: boolean;
}
