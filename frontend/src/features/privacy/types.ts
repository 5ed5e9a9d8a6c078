/** The downloaded export: the JSON text as the server sent it and the file name it suggested. */
export interface AccountExportFile {
  text: string;
  filename: string;
}

/** The body of `DELETE /account`: the current password, or for an account without one its e-mail. */
export type DeleteAccountRequest = { password: string } | { email: string };

/**
 * The answer to `DELETE /account`: `account_deleted` once done (with the records kept and for how
 * long), or `account_deletion_in_progress` when the same request must be sent again.
 */
export interface AccountDeletion {
  message: 'account_deleted' | 'account_deletion_in_progress';
  keptRecords?: string[];
  keptYears?: number;
}

/** What the page needs to know of the signed-in account. */
export interface PrivacyAccount {
  email: string;
  /** False for an account made by social sign-in that never set a password. */
  hasPassword: boolean;
  isAdmin: boolean;
}
