// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

export interface paths {
  '/api/v1/auth/signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an unverified account and e-mail its verification link.
     * @description Public. The e-mail is unique case-insensitively (409 user_exists). Professionals need a company
     *     (400 company_required). When the verification e-mail cannot be sent, nothing is kept
     *     (502 verification_email_failed). Limited to 10 sign-ups per client address per hour. While
     *     an administrator has closed sign-ups (site settings), 403 signups_closed.
     */
    post: operations['signUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/resend-verification': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a new verification link.
     * @description Public. Same answer whether or not the account exists or is verified. Limited per e-mail
     *     (3 per hour) and per client address (10 per hour).
     */
    post: operations['resendVerification'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/verify-account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify an e-mail address with the token from the e-mail.
     * @description Public. Tokens are single use and expire after 24 hours (400 invalid_token).
     */
    post: operations['verifyAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log in with e-mail and password.
     * @description Public. 401 invalid_credentials (also for unknown e-mails); then, only for the right password,
     *     403 account_status (params.status) or email_not_verified. Failures are throttled: 5 per
     *     account and 30 per client address in 15 minutes (429).
     */
    post: operations['login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The current user. */
    get: operations['getMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/update-info': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the profile (not the e-mail).
     * @description Absent fields stay unchanged.
     */
    patch: operations['updateInfo'];
    trace?: never;
  };
  '/api/v1/auth/change-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the password; every other session ends.
     * @description 400 cannot_change_password when the current password is wrong. The answer carries a fresh
     *     token: the token version was bumped, so every older token stopped working.
     */
    patch: operations['changePassword'];
    trace?: never;
  };
  '/api/v1/auth/upload-profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a new profile picture.
     * @description Re-encoded to a 512x512 JPEG without metadata; the previous picture is deleted.
     *     400 image_processing_failed with params.reason (unsupported_type, too_large, too_small,
     *     corrupt, missing); too_large also for a picture over 16 megapixels (read from its header).
     *     20 uploads per user and hour, refused ones included (too_many_requests with Retry-After).
     */
    post: operations['uploadProfile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail a password reset link.
     * @description Public. Always the same answer. Limited per e-mail (3 per hour) and per client address
     *     (10 per hour).
     */
    post: operations['forgotPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password with the token from the reset e-mail.
     * @description Public. Tokens are single use, expire after 1 hour and die when the password changes
     *     (400 invalid_token). Every session of the account ends.
     */
    post: operations['resetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Log out everywhere (the token and all its copies stop working). */
    post: operations['logout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/create-admin': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create the first administrator.
     * @description Valid only while no administrator exists (409 admin_exists) and with the one-time setup
     *     secret from SSM admin-setup-secret (403 forbidden when wrong or not configured).
     */
    post: operations['createAdmin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/oauth/{provider}/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Start social sign-in (redirect to the provider).
     * @description Authorization code flow with PKCE (S256), state and nonce, kept in the short-lived signed
     *     HttpOnly cookie remat_oauth. Also sets remat_oauth_bind (random, HttpOnly, SameSite=Lax,
     *     path /api/v1/auth/oauth/exchange, 12 minutes): the hand-over of the token is bound to it.
     *     404 when the provider is not configured.
     */
    get: operations['oauthStart'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/oauth/{provider}/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Finish social sign-in (redirect to the SPA).
     * @description Redirects to {SITE_URL}/{lang}/login/social#code=<one-time code>&returnTo=<path>, or on
     *     failure to {SITE_URL}/{lang}/login?error=<code> (oauth_failed, email_not_verified,
     *     account_status, signups_closed). The token itself never travels in a URL: the SPA trades
     *     the code for it with POST /api/v1/auth/oauth/exchange, within two minutes, once, and only
     *     from the browser that started the sign-in.
     */
    get: operations['oauthCallback'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/oauth/exchange': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Trade a social sign-in's one-time code for the session token.
     * @description The hand-over of a social sign-in, bound to the browser that started it: the request must
     *     carry the remat_oauth_bind cookie that /start set. 400 oauth_handover_invalid when the
     *     code is unknown, used, expired (two minutes) or was handed to another browser (a link
     *     sent to someone else signs nobody in); such a refusal does not spend the code. Success
     *     clears the cookie. 404 when no provider is configured.
     */
    post: operations['oauthExchange'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/account/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download the caller's data as one JSON document (nFADP right of access).
     * @description Served as a file: Content-Disposition attachment with filename
     *     remat-data-<yyyy-mm-dd>.json, Cache-Control no-store. Five exports per
     *     user and hour (too_many_requests with Retry-After).
     */
    get: operations['exportAccountData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete the caller's account (nFADP right to erasure).
     * @description Confirmed with the current password, or for an account without one
     *     (hasPassword false) with its e-mail address. Ads are deactivated and
     *     removed with every photo, received contact requests and the profile
     *     photo are deleted, the profile is anonymised (status deleted, every
     *     session ends) and the e-mail address can sign up again. Invoices,
     *     orders and payments are kept ten years (CO art. 958f). 202 means the
     *     work continues: send the same request again until 200. Errors:
     *     validation_failed (the field the account needs is empty),
     *     account_confirmation_invalid (403), admin_cannot_delete_self (403:
     *     another administrator must do it), too_many_requests (five wrong
     *     confirmations in 15 minutes, shared with logins).
     */
    delete: operations['deleteAccount'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contact-us': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List contact-us messages, newest first (administrators).
     * @description Without status every message; with status only the open (new) or handled ones.
     */
    get: operations['listContactUsMessages'];
    put?: never;
    /**
     * Send a message to the provider.
     * @description Public. Stored, then e-mailed to the provider's inbox with the sender
     *     as Reply-To. Limited to 5 messages per client address per hour.
     */
    post: operations['createContactUsMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contact-us/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Mark a contact-us message handled, or reopen it (administrators).
     * @description Marking it handled records the administrator and the time; reopening removes them. Each
     *     change is audited (contact_message.handled, contact_message.reopened) in the same
     *     transaction; asking for the status the message has changes and records nothing. An
     *     unknown id is contact_message_not_found (404).
     */
    patch: operations['setContactUsMessageHandled'];
    trace?: never;
  };
  '/api/v1/contact-request': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in seller's requests, newest first, with the unread count. */
    get: operations['listContactRequests'];
    put?: never;
    /**
     * Write to the seller of an active ad.
     * @description Public; a valid token records the buyer and refuses the buyer's own ads
     *     (an invalid token is ignored). Stored for the seller's dashboard, then
     *     e-mailed to the seller in the seller's language with the buyer as
     *     Reply-To; the seller's address is never returned. Limits: 10 per client
     *     address and 10 per e-mail per hour (contact_request_sender_limited), 20
     *     per ad per hour (contact_request_ad_limited).
     */
    post: operations['createContactRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contact-request/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /**
     * One request (the seller who received it only).
     * @description Anyone else, administrators included, gets contact_request_not_found (404).
     */
    get: operations['getContactRequest'];
    put?: never;
    post?: never;
    /** Delete a request (the receiving seller only). */
    delete: operations['deleteContactRequest'];
    options?: never;
    head?: never;
    /** Mark a request read or unread, archive or unarchive it (the receiving seller only). */
    patch: operations['updateContactRequest'];
    trace?: never;
  };
  '/api/v1/wishlist': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's wish list, newest saved first, with what became of each ad. */
    get: operations['listFavourites'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/wishlist/ids': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The ids of every ad the caller saved (the hearts on lists and ad pages). */
    get: operations['listFavouriteIds'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/wishlist/{adId}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        adId: string;
      };
      cookie?: never;
    };
    get?: never;
    /**
     * Save an active ad of another seller in the caller's wish list.
     * @description Idempotent: saving an ad that is in the list already answers 200 with the first save. The ad's favourites counter (shown to its seller in My ads) moves in the same transaction.
     */
    put: operations['saveFavourite'];
    post?: never;
    /** Remove an ad from the caller's wish list. */
    delete: operations['removeFavourite'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/saved-searches': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's saved searches, newest first. */
    get: operations['listSavedSearches'];
    put?: never;
    /**
     * Save the product list's filters with a name and an alert frequency.
     * @description New ads that match are e-mailed: instant (at most one e-mail an hour per search) or in a daily digest from 7:00 Swiss time. Never for the caller's own ads.
     */
    post: operations['createSavedSearch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/saved-searches/unsubscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pause a saved search from its alert e-mail's link (no session needed). */
    post: operations['unsubscribeSavedSearch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/saved-searches/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a saved search (its owner only). */
    delete: operations['deleteSavedSearch'];
    options?: never;
    head?: never;
    /** Rename a saved search, change its frequency, pause or resume it (its owner only). */
    patch: operations['updateSavedSearch'];
    trace?: never;
  };
  '/api/v1/sellers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** A seller's public profile (active sellers only). */
    get: operations['getSellerProfile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sellers/{id}/ads': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** The seller's active ads, newest first. */
    get: operations['listSellerAds'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sellers/{id}/reviews': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** The seller's reviews, newest first, with the rating. */
    get: operations['listSellerReviews'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reviews/eligibility': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the caller may review the seller of an ad now, and if not why. */
    get: operations['getReviewEligibility'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reviews': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Review the seller of an ad the caller asked about (once per ad, after the waiting period). */
    post: operations['createReview'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reviews/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change one's own review within 48 hours. */
    patch: operations['editReview'];
    trace?: never;
  };
  '/api/v1/reviews/{id}/reply': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The reviewed seller's one reply. */
    post: operations['replyToReview'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reviews/{id}/report': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Report a review to the administrators. */
    post: operations['reportReview'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/reviews': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reported reviews with their reports, first reported first (administrators). */
    get: operations['listReportedReviews'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/reviews/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a review for good (administrators; audited). */
    delete: operations['removeReview'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/reviews/{id}/dismiss': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Clear a review's reports; it stays visible (administrators; audited). */
    post: operations['dismissReviewReports'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public configuration the SPA loads at start-up. */
    get: operations['getSettings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The plans on offer (retired ones left out), in pricing-page order. */
    get: operations['listPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/subscriptions/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's current subscription and all subscriptions, newest first. */
    get: operations['mySubscriptions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Order a plan; amounts are computed by the server.
     * @description A seller who never held a plan with free months gets them as a free trial: the order
     *     totals 0.00 and is returned already paid. GET /orders/preview shows these amounts first
     *     (one server rule, billing.QuoteOrder). Errors - terms_not_accepted (400),
     *     subscription_plan_not_found (404), already_subscribed (409, the same plan is valid
     *     with ads left), plan_retired (409, no longer offered), payments_unavailable (503),
     *     payment_provider_error (502), too_many_requests (429 with Retry-After: 10 orders per
     *     user and hour, as each creates a payment with the provider). The order keeps the plan and
     *     its price as they are now: a later change of the plan applies to new orders only.
     */
    post: operations['createOrder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/orders/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What ordering a plan would cost the caller now (the order confirmation's figures).
     * @description The amounts and free trial POST /orders would give the caller for the plan, computed by
     *     the same server rule; nothing is created. It answers even where the order would be refused
     *     (already_subscribed, payments_unavailable, too_many_requests). Errors - planId missing
     *     (400 validation_failed), subscription_plan_not_found (404), plan_retired (409).
     */
    get: operations['previewOrder'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/orders/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One order (its buyer or an administrator; order_not_found for anyone else). */
    get: operations['getOrder'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/orders/{id}/test-payment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Test mode only - pay a pending or declined order with a test card.
     * @description 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. The server signs a
     *     provider event and posts it to the webhook; poll the order for the result. A declined
     *     order may be paid again. 404 not_found when test mode is off, 409 order_not_pending
     *     once the order is paid.
     */
    post: operations['testPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payments/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The payment provider's webhook (Stripe event, Stripe-Signature header).
     * @description Verified with the webhook secret; a signature time-stamped more than 5 minutes before or
     *     after now is refused like a wrong one (400 invalid_signature). Events other than
     *     payment_intent.succeeded and payment_intent.payment_failed, replays and events that do not
     *     match an order are acknowledged and change nothing.
     */
    post: operations['paymentsWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's payment history, newest first. */
    get: operations['listPayments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One invoice (its owner or an administrator; invoice_not_found for anyone else). */
    get: operations['getInvoice'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invoices/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A presigned download link of the invoice PDF, valid 5 minutes. */
    get: operations['getInvoicePdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The category tree (names in the five languages), in sort order.
     * @description Hidden categories and their sub-categories are left out. The function keeps the tree
     *     for up to 60 seconds but checks every 5 seconds whether the back office changed it, so
     *     an administrator's edit is served within 5 seconds; browsers may keep a response for
     *     60 seconds (Cache-Control).
     */
    get: operations['listCategories'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/brands': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The seeded brands, by name. */
    get: operations['listBrands'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/localities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Locality autocomplete - a postal code prefix (digits) or a name prefix; at most 10. */
    get: operations['listLocalities'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suggestions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search-field suggestions - categories, brands and title words matching what was typed.
     * @description Categories whose name in `lang` has a word starting with `q` (at most 3), brands whose
     *     name does (at most 3), then words of the active ads' titles completing the last word of
     *     `q` after its other words (at most 5); within each kind, most ads first. Only
     *     suggestions that find at least one active ad. The same answer for everyone (cacheable);
     *     its cost is bounded whatever the catalogue's size.
     */
    get: operations['listSuggestions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/products': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search active ads (filters, sort, radius around a place), paginated with a signed cursor.
     * @description Every set filter must hold. `location` is a postal code, "<postal code> <name>" or a
     *     locality name; an unknown one is validation_failed with fields.location =
     *     unknown_locality. `radius` (km) applies to it (default 25). A page may be shorter than
     *     `limit` while `nextCursor` is set (the scan budget of one request ran out); keep paging.
     */
    get: operations['searchProducts'];
    put?: never;
    /**
     * Save a new ad as a draft.
     * @description Refused at once, before anything is consumed, with subscription_invalid,
     *     bundle_plan_no_ads or ad_count_exceeded (403) when the seller could not publish it.
     */
    post: operations['createProduct'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/products/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Cards of the active ads among the given ids, in the given order (recently viewed). */
    get: operations['productCards'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/products/mine': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * My ads, the caller's own ads in every status, newest created first, 20 per page, with their clicks and favourites.
     * @description The signed-in seller's own list (the SPA's user/products screen). The public seller page lists the seller's active ads instead (listSellerAds, GET /api/v1/sellers/{id}/ads).
     */
    get: operations['listMyAds'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/products/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /**
     * One ad. Active ads are public; drafts, inactive and expired ads only for their owner and administrators.
     * @description A token is optional; anyone else gets product_not_found (404) for an ad that is not active.
     */
    get: operations['getProduct'];
    put?: never;
    post?: never;
    /** Delete an ad with its images (owner or administrator). */
    delete: operations['deleteProduct'];
    options?: never;
    head?: never;
    /** Replace the editable fields of an ad (owner only); an active ad is re-indexed. */
    patch: operations['updateProduct'];
    trace?: never;
  };
  '/api/v1/products/{id}/similar': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Up to 8 active ads of the same category, within 50 km first, then anywhere (none for an ad that is not active). */
    get: operations['similarProducts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/products/{id}/view': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Count a click on an active ad.
     * @description Not counted for the ad's owner (when a token is sent), for bots (by user agent), for an
     *     ad that is not active, or a second time for the same visitor, ad and day, or for the same
     *     client address (an IPv6 client's /64), ad and day. One client address may post 300 views
     *     in 10 minutes, whatever the ad (too_many_requests with Retry-After beyond).
     */
    post: operations['viewProduct'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/products/{id}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Publish a draft or expired ad (owner only), consuming one ad of a valid subscription.
     * @description The status change and the consumption are one DynamoDB transaction. expiresAt is now
     *     plus the plan's ad duration. An inactive ad still within its run is reactivated without
     *     consuming. Errors - main_image_required (422), image_count_exceeded (403, more ready
     *     images than the plan allows), subscription_invalid, ad_count_exceeded,
     *     bundle_plan_no_ads (403), product_already_active (409).
     */
    post: operations['publishProduct'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/products/{id}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Activate or deactivate an ad (owner only).
     * @description Activating an active ad is product_already_active (409); an expired ad is
     *     product_expired (409) - publish it again; a draft is published (see publish).
     */
    patch: operations['setProductStatus'];
    trace?: never;
  };
  '/api/v1/products/{id}/images': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register a photo (owner only) and get a presigned S3 upload for it, valid 10 minutes.
     * @description PUT the file to upload.url with upload.headers; Content-Type and Content-Length are
     *     part of the signature, so another type or size is refused by S3. The image is pending
     *     until the image function has checked it (then ready, or failed with a reason). Pending
     *     and ready images count against the plan's image allowance (image_count_exceeded, 403); a
     *     pending image whose file has not come an hour after its upload was presigned fails with
     *     the reason upload_missing when its place is needed.
     */
    post: operations['addProductImage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/products/{id}/images/{imageId}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        imageId: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a photo (the ad's owner only).
     * @description image_delete_forbidden (403) for anyone but the owner, image_not_in_product (409) for an
     *     image of another ad, image_not_found (404). When the main image goes, the next ready
     *     image becomes main; an active ad must keep one (main_image_required, 422).
     */
    delete: operations['deleteProductImage'];
    options?: never;
    head?: never;
    /** Make a ready image the main (presentation) image (owner only). */
    patch: operations['setMainProductImage'];
    trace?: never;
  };
  '/api/v1/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report an ad (public; a bearer token, when valid, links the report to the account).
     * @description Only active ads can be reported (product_not_found, 404, otherwise). One open report per
     *     reporter e-mail and ad: a second is report_already_open (409), also when two are sent at
     *     once. Limits: 10 reports per client address and 5 per e-mail per hour (429). The
     *     provider's inbox is notified.
     */
    post: operations['createReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Ad reports (administrators); open oldest first, resolved newest first. */
    get: operations['listReports'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/reports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** One ad report (administrators); ad_report_not_found (404). */
    get: operations['getReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/reports/{id}/resolve': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resolve an open report (administrators).
     * @description dismiss resolves this report only. deactivate_ad sets the ad inactive and takes it out of
     *     search in the same transaction as the resolution; suspend_seller suspends the ad's seller
     *     as PATCH /admin/users/{id}/status does (cannot_block_admin, cannot_change_own_status);
     *     both also resolve the ad's other open reports the same way. The reporters, and the seller
     *     for deactivate_ad and suspend_seller, are e-mailed in their language; every resolution is
     *     audited. A report already resolved is report_already_resolved (409).
     */
    post: operations['resolveReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Accounts (administrators); with q, a prefix search by name or e-mail.
     * @description q matches, ignoring case and accents, the prefix of the e-mail address or of a word of
     *     the first name, last name, company name or e-mail's local part; every word of q must
     *     match. Without q: every account, newest first.
     */
    get: operations['listUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** One account with its ads (administrators); user_not_found (404). */
    get: operations['getUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/users/{id}/status': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change an account's status (administrators).
     * @description Any status but active blocks login (account_status, "account status is {status}, contact
     *     support"), ends every session and hides the account's active ads from search and
     *     product pages; active again shows exactly those ads again. Setting the current status
     *     changes nothing (it completes an interrupted change). An administrator cannot change
     *     their own status (cannot_change_own_status, 403) nor suspend or ban another
     *     administrator (cannot_block_admin, 403). Audited with before/after.
     */
    patch: operations['setUserStatus'];
    trace?: never;
  };
  '/api/v1/admin/users/{id}/resend-verification': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail a fresh verification link to an unverified account (administrators).
     * @description email_already_verified (409) for a verified account. Audited.
     */
    post: operations['resendUserVerification'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The whole category tree, hidden categories included, with ad counts (administrators).
     * @description Each top-level category (by sort order) followed by its sub-categories.
     */
    get: operations['listAdminCategories'];
    put?: never;
    /**
     * Create a category (administrators).
     * @description The slug is given or made from the English name, unique (category_slug_taken, 409) and
     *     stable: ads and the search index refer to it. The parent, when given, must be a
     *     top-level category (the tree is one level deep). Audited (category.create). Public
     *     lists show it within 5 seconds (plus a browser's 60 seconds of HTTP cache).
     */
    post: operations['createCategory'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/categories/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete an unused category for good (administrators).
     * @description Only a category without sub-categories (category_has_subcategories, 409) and without
     *     ads (category_in_use, 409; hide it instead) can be deleted. Audited (category.delete).
     */
    delete: operations['deleteCategory'];
    options?: never;
    head?: never;
    /**
     * Rename, reorder, move, hide or show a category (administrators).
     * @description Hidden categories (and their sub-categories) leave the public tree and the seller's
     *     form; ads already in them keep working. A category with ads cannot move
     *     (category_in_use, 409); one with sub-categories cannot go under another
     *     (category_has_subcategories, 409). Audited (category.update, the changed fields before
     *     and after); a change to what is stored records nothing.
     */
    patch: operations['updateCategory'];
    trace?: never;
  };
  '/api/v1/admin/brands': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every brand, by name, with ad counts (administrators). */
    get: operations['listAdminBrands'];
    put?: never;
    /**
     * Add a brand to the suggestion list (administrators).
     * @description A brand spelled like an existing one (case, accents, spaces and punctuation aside) is
     *     brand_exists (409). Audited (brand.create).
     */
    post: operations['createBrand'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/brands/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a brand from the suggestion list (administrators).
     * @description Ads naming it keep their brand. brand_not_found (404). Audited (brand.delete).
     */
    delete: operations['deleteBrand'];
    options?: never;
    head?: never;
    /**
     * Change a brand's canonical spelling (administrators).
     * @description New and edited ads naming the brand are saved with this spelling; saved ads keep theirs.
     *     brand_not_found (404), brand_exists (409). Audited (brand.rename).
     */
    patch: operations['renameBrand'];
    trace?: never;
  };
  '/api/v1/admin/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The audit log of administrative actions, newest first (administrators).
     * @description targetId needs targetType (validation_failed otherwise).
     */
    get: operations['listAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every plan, retired ones included, in pricing-page order (administrators). */
    get: operations['listAdminPlans'];
    put?: never;
    /** Add a plan (administrators); plan_exists (409) when the id is taken. Audited. */
    post: operations['createPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/plans/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    /**
     * Edit a plan (administrators).
     * @description Replaces names, descriptions, price, duration, free months, allowances, popular flag and sort
     *     order; id, kind and bundle stay. A price change applies to new orders only: an order keeps the
     *     plan and amounts it was created with until it is paid. version must be the plan's current
     *     version (edit_conflict, 409, otherwise). Audited with the changed fields before and after.
     */
    put: operations['updatePlan'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/plans/{id}/retire': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stop offering a plan (administrators).
     * @description The plan leaves GET /plans and new orders are refused (plan_retired); subscriptions, orders
     *     already created and invoices are unaffected. Retiring a retired plan changes nothing.
     *     Audited.
     */
    post: operations['retirePlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/plans/{id}/reinstate': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Offer a retired plan again (administrators). Audited. */
    post: operations['reinstatePlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The site settings (administrators); the defaults until first saved. */
    get: operations['getSiteSettings'];
    /**
     * Save the site settings (administrators).
     * @description The notice banner and whether new sign-ups are open. GET /settings shows the change within a
     *     minute; sign-ups close at once. version must be the current version (edit_conflict, 409,
     *     otherwise). Field errors: notice.level, notice.text.<lang>, notice.endsAt, signupsOpen,
     *     version. Audited with the changed fields before and after.
     */
    put: operations['updateSiteSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Error: {
      error: {
        code: components['schemas']['ErrorCode'];
        message: string;
        /** @description Field name to field error code (FieldErrorCode). Nested fields use dots (company.name). Text is normalised first (Unicode NFC, blanks and invisible characters trimmed, one-line fields' blanks collapsed) and measured in characters: nothing visible left is required; control characters (multi-line fields keep line breaks and tabs), bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and line breaks in one-line fields are invalid_characters. A number that is not finite or that DynamoDB cannot store (a magnitude below 1e-130 or from 1e126) is invalid or out_of_range. */
        fields?: {
          [key: string]: components['schemas']['FieldErrorCode'];
        };
        /** @description Values the client interpolates into its translation of the code, e.g. {"status":"suspended"} for account_status, {"reason":"too_large"} for image_processing_failed. */
        params?: {
          [key: string]: string;
        };
      };
    };
    /**
     * @description Every code the API sends in `Error.error.code`, each with its HTTP status in `x-status` (the table of shared/apperr; a test holds the two together, and the SPA's list of codes is generated from this one). invalid_token is 401 for an access token and 400 for a single-use link token from an e-mail (verification, password reset).
     * @enum {string}
     */
    ErrorCode:
      | 'validation_failed'
      | 'invalid_json'
      | 'invalid_cursor'
      | 'unsupported_media_type'
      | 'payload_too_large'
      | 'not_logged_in'
      | 'invalid_token'
      | 'invalid_token_payload'
      | 'forbidden'
      | 'not_found'
      | 'method_not_allowed'
      | 'conflict'
      | 'too_many_requests'
      | 'internal_error'
      | 'service_unavailable'
      | 'user_exists'
      | 'company_required'
      | 'invalid_credentials'
      | 'email_not_verified'
      | 'account_status'
      | 'cannot_change_password'
      | 'verification_email_failed'
      | 'image_processing_failed'
      | 'admin_exists'
      | 'oauth_handover_invalid'
      | 'terms_not_accepted'
      | 'subscription_plan_not_found'
      | 'already_subscribed'
      | 'order_not_found'
      | 'order_not_pending'
      | 'invoice_not_found'
      | 'invalid_signature'
      | 'payments_unavailable'
      | 'payment_provider_error'
      | 'no_ad_allowance'
      | 'product_not_found'
      | 'product_not_owned'
      | 'product_no_access'
      | 'product_already_active'
      | 'product_expired'
      | 'main_image_required'
      | 'subscription_invalid'
      | 'ad_count_exceeded'
      | 'bundle_plan_no_ads'
      | 'image_count_exceeded'
      | 'image_not_found'
      | 'image_not_in_product'
      | 'image_delete_forbidden'
      | 'category_not_found'
      | 'contact_request_not_found'
      | 'contact_request_own_ad'
      | 'contact_request_ad_inactive'
      | 'contact_request_links_only'
      | 'contact_request_spam'
      | 'contact_request_sender_limited'
      | 'contact_request_ad_limited'
      | 'ad_report_not_found'
      | 'report_already_open'
      | 'report_already_resolved'
      | 'user_not_found'
      | 'cannot_change_own_status'
      | 'cannot_block_admin'
      | 'email_already_verified'
      | 'contact_message_not_found'
      | 'category_slug_taken'
      | 'category_in_use'
      | 'category_has_subcategories'
      | 'brand_not_found'
      | 'brand_exists'
      | 'plan_retired'
      | 'plan_exists'
      | 'edit_conflict'
      | 'signups_closed'
      | 'account_confirmation_invalid'
      | 'admin_cannot_delete_self'
      | 'wishlist_not_found'
      | 'wishlist_own_ad'
      | 'wishlist_full'
      | 'saved_search_not_found'
      | 'saved_search_limit'
      | 'saved_search_too_broad'
      | 'review_not_found'
      | 'review_not_eligible'
      | 'review_exists'
      | 'review_locked'
      | 'review_reply_exists'
      | 'review_already_reported';
    /**
     * @description Why one request field was refused (`Error.error.fields`): the field codes of shared/apperr.
     * @enum {string}
     */
    FieldErrorCode:
      | 'required'
      | 'invalid_email'
      | 'too_long'
      | 'too_short'
      | 'invalid'
      | 'invalid_characters'
      | 'too_common'
      | 'passwords_mismatch'
      | 'must_accept'
      | 'out_of_range'
      | 'unknown_category'
      | 'unknown_locality'
      | 'unknown_canton';
    /**
     * @description The `error` query parameter of the SPA's login page ({SITE_URL}/{lang}/login?error=<code>) after a failed social sign-in (GET /api/v1/auth/oauth/{provider}/callback): oauth_failed for any failure the user cannot act on, else the code of the refusal as the API sends it.
     * @enum {string}
     */
    OAuthLoginError: 'oauth_failed' | 'email_not_verified' | 'account_status' | 'signups_closed';
    ContactUsRequest: {
      name: string;
      /** Format: email */
      email: string;
      subject: string;
      message: string;
    };
    ContactUsCreated: {
      /** @constant */
      message: 'message_sent';
      id: string;
    };
    ContactUsMessage: {
      id: string;
      name: string;
      email: string;
      subject: string;
      message: string;
      /** @enum {string} */
      status: 'new' | 'handled';
      /** Format: date-time */
      createdAt: string;
      /**
       * Format: date-time
       * @description When an administrator marked it handled; null while new.
       */
      handledAt?: string | null;
      /** @description The administrator who marked it handled; null while new. */
      handledBy?: null | {
        id: string;
        name: string;
        email: string;
      };
    };
    ContactUsHandledRequest: {
      /** @description true marks the message handled (recording who and when), false reopens it. */
      handled: boolean;
    };
    ContactUsList: {
      items: components['schemas']['ContactUsMessage'][];
      /** @description Opaque signed cursor for the next page; null on the last page. */
      nextCursor: string | null;
    };
    ContactRequestInput: {
      /** @description The ad (a ULID) whose seller is contacted; it must be active. */
      adId: string;
      name: string;
      /**
       * Format: email
       * @description The buyer's address; the seller's notification replies to it.
       */
      email: string;
      /** @description Optional; digits with spaces and + ( ) . / -, at least 6 digits. */
      phone?: string;
      /** @description Not only links (contact_request_links_only). */
      message: string;
      /** @description Honeypot. The form hides it from people; any value is refused as contact_request_spam. */
      website?: string;
    };
    ContactRequestCreated: {
      /** @constant */
      message: 'contact_request_sent';
      id: string;
    };
    /** @description A request as the seller who received it sees it. */
    ContactRequest: {
      id: string;
      adId: string;
      /** @description The ad's title when the request was sent. */
      adTitle: string;
      name: string;
      email: string;
      phone?: string;
      message: string;
      read: boolean;
      archived: boolean;
      /** Format: date-time */
      createdAt: string;
    };
    ContactRequestList: {
      items: components['schemas']['ContactRequest'][];
      /** @description Opaque signed cursor for the next page; null on the last page. */
      nextCursor: string | null;
      /** @description How many of the seller's requests (inbox and archive) are unread. */
      unreadCount: number;
      /** @description One entry ("unread") per unread request, at most 100: the header badge shows the length of this array (spec §2; "99+" beyond 99). */
      categories: 'unread'[];
    };
    /** @description At least one field. */
    ContactRequestUpdate: {
      read?: boolean;
      archived?: boolean;
    };
    Message: {
      message: string;
    };
    Company: {
      name: string;
      email: string;
      address: string;
      /** @description http(s) URL; may be empty. A bare domain is stored with https://. */
      website: string;
    };
    User: {
      id: string;
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      /** @description Site path of the avatar (/images/avatars/<uid>/<id>.jpg), null when none. */
      avatar: string | null;
      /** @enum {string} */
      role: 'user' | 'admin';
      /** @enum {string} */
      accountType: 'individual' | 'professional';
      /** @enum {string} */
      status: 'active' | 'suspended' | 'banned';
      emailVerified: boolean;
      /** @enum {string} */
      language: 'en' | 'fr' | 'de' | 'it' | 'sq';
      company: components['schemas']['Company'] | null;
      /** Format: date-time */
      createdAt: string;
      /** @description False for an account made by social sign-in that never set a password. */
      hasPassword: boolean;
    };
    UserBody: {
      /** @constant */
      message?: 'profile_updated';
      user: components['schemas']['User'];
    };
    SignUpRequest: {
      /** @enum {string} */
      accountType: 'individual' | 'professional';
      firstName: string;
      lastName: string;
      email: string;
      /** @description Optional; an empty or absent phone leaves the account without one. */
      phone?: string;
      password: string;
      /** @constant */
      isAdult: true;
      /** @constant */
      acceptRules: true;
      /** @enum {string} */
      language?: 'en' | 'fr' | 'de' | 'it' | 'sq';
      /** @description Required for professional accounts (else company_required); ignored for individuals. */
      company?: components['schemas']['Company'];
    };
    SignUpCreated: {
      /** @constant */
      message: 'verification_email_sent';
      email: string;
    };
    EmailRequest: {
      email: string;
      /** @enum {string} */
      language?: 'en' | 'fr' | 'de' | 'it' | 'sq';
    };
    TokenRequest: {
      token: string;
    };
    LoginRequest: {
      email: string;
      password: string;
    };
    LoginResponse: {
      /** @constant */
      message: 'login_success';
      token: string;
      user: components['schemas']['User'];
    };
    OAuthExchangeRequest: {
      /** @description The one-time code of the hand-over link (`#code=` of /{lang}/login/social). */
      code: string;
    };
    OAuthExchangeResponse: {
      /** @constant */
      message: 'login_success';
      token: string;
    };
    UpdateInfoRequest: {
      firstName?: string;
      lastName?: string;
      phone?: string;
      /** @enum {string} */
      language?: 'en' | 'fr' | 'de' | 'it' | 'sq';
      company?: components['schemas']['Company'];
    };
    ChangePasswordRequest: {
      currentPassword: string;
      newPassword: string;
      confirmPassword: string;
    };
    PasswordChanged: {
      /** @constant */
      message: 'password_changed';
      /** @description A fresh token; every older token of the account stopped working. */
      token: string;
    };
    ResetPasswordRequest: {
      token: string;
      newPassword: string;
      confirmPassword: string;
    };
    CreateAdminRequest: {
      setupSecret: string;
      firstName: string;
      lastName: string;
      email: string;
      password: string;
    };
    Settings: {
      languages: ('en' | 'fr' | 'de' | 'it' | 'sq')[];
      defaultLanguage: string;
      fallbackLanguage: string;
      redirectLanguage: string;
      /** @constant */
      currency: 'CHF';
      /**
       * @description VAT rate in percent as a decimal string.
       * @example 8.1
       */
      vatRate: string;
      stripePublishableKey: string;
      /**
       * @description How card payments work - stripe, test (labelled test-mode provider) or empty when off.
       * @enum {string}
       */
      paymentMode?: 'stripe' | 'test' | '';
      features: {
        payments: boolean;
        /** @description True when at least one social provider is configured (or the flag is set). */
        socialLogin: boolean;
      };
      /** @description Configured social sign-in providers; empty when none. */
      socialProviders: ('google' | 'facebook')[];
      limits: {
        password: {
          min: number;
          max: number;
        };
        contactUs: {
          nameMax: number;
          emailMax: number;
          subjectMax: number;
          messageMax: number;
        };
      };
      /**
       * @description The site-wide notice banner to show now (enabled by an administrator and before its end),
       *     or null. id changes with every saved change of the site settings.
       */
      notice: null | components['schemas']['PublicNotice'];
      /** @description False while new sign-ups are refused (signups_closed). */
      signupsOpen: boolean;
    };
    PublicNotice: {
      id: string;
      /** @enum {string} */
      level: 'info' | 'warning';
      text: components['schemas']['Localized'];
      /**
       * Format: date-time
       * @description When the notice hides itself; null for no end.
       */
      endsAt: string | null;
    };
    /** @description A text in the five UI languages. */
    Localized: {
      [key: string]: string;
    };
    Plan: {
      id: string;
      /** @enum {string} */
      kind: 'subscription' | 'single';
      name: components['schemas']['Localized'];
      description: components['schemas']['Localized'];
      /** @description Price excluding VAT in Rappen. */
      priceRp: number;
      /** @description The VAT rate orders use, in basis points (810 is 8.1 %). */
      vatRateBp: number;
      /** @description Price including VAT in Rappen: priceRp plus its VAT at vatRateBp rounded half-up to the Rappen, the amount an order of this plan totals (before any free trial). */
      priceInclVatRp: number;
      /** @constant */
      currency: 'CHF';
      duration: {
        value: number;
        /** @enum {string} */
        unit: 'days' | 'months';
      };
      freeMonths: number;
      adAllowance: number;
      imageAllowance: number;
      adDurationDays: number;
      bundle: boolean;
      popular: boolean;
    };
    Subscription: {
      id: string;
      planId: string;
      planName: components['schemas']['Localized'];
      /** Format: date-time */
      startsAt: string;
      /** Format: date-time */
      expiresAt: string;
      adAllowance: number;
      remainingAds: number;
      imageAllowance: number;
      adDurationDays: number;
      bundle: boolean;
      /** @enum {string} */
      state: 'valid' | 'expired' | 'limit_exceeded';
    };
    Line: {
      description: components['schemas']['Localized'];
      quantity: number;
      unitPriceRp: number;
      netRp: number;
    };
    Order: {
      id: string;
      planId: string;
      planName: components['schemas']['Localized'];
      lines: components['schemas']['Line'][];
      netRp: number;
      /** @example 810 */
      vatRateBp: number;
      /** @description net × 810 / 10000 rounded half-up to the Rappen. */
      vatRp: number;
      totalRp: number;
      /** @constant */
      currency: 'CHF';
      /** @enum {string} */
      status: 'pending' | 'paid' | 'failed';
      /** @enum {string} */
      provider: 'stripe' | 'test';
      /** @constant */
      paymentMethod: 'card';
      /** @description Stripe PaymentIntent client secret (pending Stripe orders only). */
      clientSecret?: string;
      /** @description Stripe publishable key (pending Stripe orders only). */
      publishableKey?: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      paidAt?: string;
      invoiceId?: string;
    };
    /**
     * @description What ordering the plan would cost the caller now, priced by the server with the rule
     *     POST /orders applies (billing.QuoteOrder): the order created next has these amounts.
     */
    OrderPreview: {
      planId: string;
      /**
       * @description The plan's free months apply: a subscription plan with free months the caller never
       *     held. The order then totals 0.00 and is paid at once.
       */
      trial: boolean;
      /** @description Months this order grants free of charge (the plan's free months on a trial, else 0). */
      freeMonths: number;
      /** @description Total excluding VAT in Rappen (0 on a trial). */
      netRp: number;
      /** @example 810 */
      vatRateBp: number;
      /** @description net × 810 / 10000 rounded half-up to the Rappen. */
      vatRp: number;
      /** @description Total including VAT */
      totalRp: number;
      /** @constant */
      currency: 'CHF';
    };
    OrderBody: {
      order: components['schemas']['Order'];
    };
    CreateOrderRequest: {
      planId: string;
      acceptTerms: boolean;
    };
    TestPaymentRequest: {
      /**
       * @example 4242 4242 4242 4242
       * @example 4000 0000 0000 0002
       */
      cardNumber: string;
      /** @example 12/34 */
      expiry: string;
      /** @example 123 */
      cvc: string;
    };
    Payment: {
      id: string;
      orderId: string;
      planName: components['schemas']['Localized'];
      subscriptionId: string;
      remainingAds: number;
      /** @constant */
      currency: 'CHF';
      /** @description Total including VAT in Rappen. */
      amountRp: number;
      /** @constant */
      method: 'card';
      /** @enum {string} */
      state: 'valid' | 'expired' | 'limit_exceeded' | 'failed';
      invoiceId?: string;
      /** Format: date-time */
      paidAt: string;
    };
    Invoice: {
      id: string;
      number: string;
      /** Format: date-time */
      issuedAt: string;
      seller: {
        name: string;
        address: string;
        vatNumber: string;
      };
      customer: {
        name: string;
        company?: string;
        address?: string;
        email: string;
      };
      lines: components['schemas']['Line'][];
      netRp: number;
      vatRateBp: number;
      vatRp: number;
      totalRp: number;
      /** @constant */
      currency: 'CHF';
      paymentMethod: string;
      /** Format: date-time */
      paidAt: string;
    };
    Category: {
      slug: string;
      /** @description The parent's slug; absent for a top-level category. */
      parent?: string;
      sortOrder: number;
      names: components['schemas']['Localized'];
    };
    Brand: {
      slug: string;
      name: string;
    };
    /** @description A category's name in each of the five languages (1 to 60 characters each). */
    CategoryNames: {
      en?: string;
      fr?: string;
      de?: string;
      it?: string;
      sq?: string;
    };
    /** @description A category as the back office shows it, hidden ones included. activeAds (in the list only) counts the indexed ads - active ads of active sellers - in it, its sub-categories' included. */
    AdminCategory: {
      slug: string;
      /** @description The parent's slug; null for a top-level category. */
      parent: string | null;
      sortOrder: number;
      names: components['schemas']['Localized'];
      hidden: boolean;
      activeAds?: number;
    };
    AdminCategoryList: {
      items: components['schemas']['AdminCategory'][];
    };
    AdminCategoryCreate: {
      /** @description Optional; made from the English name when absent. Never changes afterwards. */
      slug?: string;
      /** @description A top-level category's slug; absent or empty: top level. */
      parent?: string;
      /** @description Absent - after the last sibling. */
      sortOrder?: number;
      names: components['schemas']['CategoryNames'] & unknown;
      /** @default false */
      hidden: boolean;
    };
    /** @description Absent fields (and absent languages of names) stay as they are. */
    AdminCategoryPatch: {
      names?: components['schemas']['CategoryNames'];
      /** @description A top-level category's slug; empty moves it to the top level. */
      parent?: string;
      sortOrder?: number;
      hidden?: boolean;
    };
    /** @description A brand (canonical spelling); activeAds (in the list only) counts the indexed ads the brand filter finds. */
    AdminBrand: {
      slug: string;
      name: string;
      activeAds?: number;
    };
    AdminBrandList: {
      items: components['schemas']['AdminBrand'][];
    };
    AdminBrandRequest: {
      name: string;
    };
    Locality: {
      postalCode: string;
      name: string;
      canton: string;
      lat: number;
      lon: number;
    };
    /** @description One search result (the fields projected on the search postings) with the site path of the main image's card rendition. Prices in Rappen. */
    Card: {
      id: string;
      title: string;
      brand?: string;
      /** @description The ad's category slug. */
      category?: string;
      /** @enum {string} */
      condition: 'new' | 'used';
      priceRp: number;
      discountPct: number;
      effectivePriceRp: number;
      canton?: string;
      postalCode?: string;
      locality?: string;
      lat: number;
      lon: number;
      /** @description Distance from the searched place (radius searches only). */
      distanceKm?: number;
      /** Format: date-time */
      publishedAt: string;
      thumbKey?: string;
      sellerId: string;
      /** @description Site path of the main image's card rendition, a 640×480 JPEG (/images/products/<adId>/<imageId>/card.jpg; <imageId>-card.jpg for a photo processed before WebP renditions existed). */
      imageUrl?: string;
      /** @description The same card as WebP, narrowest first (320×240 and 640×480), for a srcset; left out for a photo processed before WebP renditions existed, which has the JPEG only. */
      imageWebp?: components['schemas']['ImageSource'][];
    };
    /** @description One WebP rendition of a picture, for a srcset (`<url> <width>w`). */
    ImageSource: {
      /** @description Site path of the file. */
      url: string;
      width: number;
      height: number;
    };
    CardList: {
      items: components['schemas']['Card'][];
    };
    Quantity: {
      amount: number;
      /** @enum {string} */
      unit: 'pieces' | 'm' | 'm2' | 'm3' | 'kg' | 't' | 'pallet';
    };
    /** @description Every editable field of an ad (PATCH replaces them all). Field errors (validation_failed) - required, too_short, too_long, out_of_range, invalid, invalid_characters, unknown_category, unknown_locality, unknown_canton - are named by field, nested ones with dots (quantity.unit, location.postalCode). The numbers are required: null is required, never 0. */
    ProductInput: {
      title: string;
      categorySlug: string;
      /** @description Free text; a seeded brand is stored with its canonical spelling. */
      brand?: string;
      description: string;
      /** @description Price in Rappen; 0 means free. */
      priceRp: number;
      /** @description Must be 0 when the price is 0. */
      discountPct: number;
      /** @enum {string} */
      condition: 'new' | 'used';
      quantity: components['schemas']['Quantity'];
      pickup: boolean;
      /** @description At least one of pickup and delivery is true. */
      delivery: boolean;
      location: {
        /** @enum {string} */
        kind: 'city' | 'canton';
        /** @description kind city: a Swiss postal code. */
        postalCode?: string;
        /** @description kind city: picks one of several localities sharing the postal code. */
        locality?: string;
        /** @description kind canton: the canton's code (ZH). */
        canton?: string;
      };
    };
    ProductImage: {
      id: string;
      /** @enum {string} */
      state: 'pending' | 'ready' | 'failed';
      /** @description Why it failed: the image function's reason (too_large, type_mismatch, ...) or upload_missing (the file never came). */
      reason?: string;
      main: boolean;
      /** @description The 240×180 thumbnail (JPEG), a centred crop. */
      thumbUrl?: string;
      /** @description The 640×480 card (JPEG), a centred crop. */
      cardUrl?: string;
      /** @description The whole photo (JPEG) fitted within 1600×1600. */
      largeUrl?: string;
      /** @description Of the large rendition. */
      width?: number;
      /** @description Of the large rendition. */
      height?: number;
      /** @description The thumbnail as WebP. Each WebP list shows the same picture as its JPEG, narrowest first, for a srcset; the lists are left out for a photo processed before WebP renditions existed. */
      thumbWebp?: components['schemas']['ImageSource'][];
      /** @description The card as WebP: 320×240 and 640×480. */
      cardWebp?: components['schemas']['ImageSource'][];
      /** @description The large rendition as WebP: fitted within 800×800 when the large rendition is bigger, then at the large rendition's own size. */
      largeWebp?: components['schemas']['ImageSource'][];
    };
    /** @description An ad as its viewer may see it. Public viewers get ready images only and the location rounded to two decimals; the owner and administrators get every image and the clicks. */
    ProductDetail: {
      id: string;
      /** @enum {string} */
      status: 'draft' | 'active' | 'inactive' | 'expired';
      title: string;
      description: string;
      categorySlug: string;
      /** @description The category's slug followed by its ancestors'. */
      categoryPath: string[];
      brand: string;
      /** @enum {string} */
      condition: 'new' | 'used';
      priceRp: number;
      discountPct: number;
      /** @description The price after the discount */
      effectivePriceRp: number;
      quantity: components['schemas']['Quantity'];
      pickup: boolean;
      delivery: boolean;
      location: {
        /** @enum {string} */
        kind: 'city' | 'canton';
        postalCode?: string;
        locality?: string;
        canton: string;
        lat: number;
        lon: number;
      };
      /** @description In display order, the main image first. */
      images: components['schemas']['ProductImage'][];
      mainImageId?: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      publishedAt?: string;
      /** Format: date-time */
      expiresAt?: string;
      seller: {
        id: string;
        /** @description A professional's company name, an individual's first name and last initial. */
        name: string;
        /** @enum {string} */
        accountType: 'individual' | 'professional';
        /** Format: date-time */
        memberSince: string;
      };
      /** @description Owner and administrators only. */
      clicks?: number;
      /** @description The viewer owns the ad. */
      canEdit: boolean;
    };
    MyAd: {
      id: string;
      title: string;
      categorySlug: string;
      priceRp: number;
      discountPct: number;
      effectivePriceRp: number;
      /** @enum {string} */
      status: 'draft' | 'active' | 'inactive' | 'expired';
      clicks: number;
      /** @description How many people keep the ad in their wish list. */
      favourites: number;
      /** @description The main image's card rendition (JPEG), as in Card. */
      imageUrl?: string;
      /** @description The same card as WebP, as in Card. */
      imageWebp?: components['schemas']['ImageSource'][];
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      expiresAt?: string;
    };
    /** @description One saved ad and what became of it. title is the ad's title when it was saved; card is the ad's current search card (also for inactive and expired ads), null once the seller deleted the ad. */
    Favourite: {
      adId: string;
      title: string;
      /** Format: date-time */
      savedAt: string;
      /**
       * @description active (on sale), inactive (deactivated by the seller, or the seller's account is blocked), expired (its run ended), removed (deleted by the seller).
       * @enum {string}
       */
      state: 'active' | 'inactive' | 'expired' | 'removed';
      card: components['schemas']['Card'] | null;
    };
    FavouriteList: {
      items: components['schemas']['Favourite'][];
      /** @description Opaque signed cursor for the next page; null on the last page. */
      nextCursor: string | null;
    };
    FavouriteIds: {
      /** @description Every saved ad id, newest saved first (at most 300). */
      ids: string[];
    };
    FavouriteSaved: {
      adId: string;
      /** Format: date-time */
      savedAt: string;
    };
    SavedSearch: {
      id: string;
      name: string;
      /** @description The product list's filters it was saved from, as a canonical query string (q, category, brand, condition, maxPrice, location, radius, canton). */
      params: string;
      /** @description The searched locality ("8001 Zürich") when there is a radius. */
      place?: string;
      /** @enum {string} */
      frequency: 'instant' | 'daily';
      paused: boolean;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      lastSentAt?: string;
    };
    SavedSearchList: {
      items: components['schemas']['SavedSearch'][];
      /** @description How many searches one user may save (20). */
      max: number;
    };
    SavedSearchInput: {
      name: string;
      /** @description The product list's query string; its parameters are checked as GET /products checks them (field errors name the parameter: radius, location ...). */
      params: string;
      /**
       * @default instant
       * @enum {string}
       */
      frequency: 'instant' | 'daily';
    };
    SavedSearchChange: {
      name?: string;
      /** @enum {string} */
      frequency?: 'instant' | 'daily';
      paused?: boolean;
    };
    UnsubscribeRequest: {
      /** @description The token of an alert e-mail's unsubscribe link. */
      token: string;
    };
    Rating: {
      /** @description One decimal; null without reviews. */
      average: number | null;
      count: number;
    };
    SellerProfile: {
      id: string;
      /** @description The company's name for professionals */
      name: string;
      /** @enum {string} */
      accountType: 'individual' | 'professional';
      /** Format: date-time */
      memberSince: string;
      rating: components['schemas']['Rating'];
      activeAds: number;
    };
    SellerAds: {
      items: components['schemas']['Card'][];
      nextCursor: string | null;
    };
    Review: components['schemas']['ReviewFields'];
    /** @description A review's fields, closed by Review and extended by ReportedReviewList. */
    ReviewFields: {
      id: string;
      sellerId: string;
      adId: string;
      adTitle: string;
      rating: number;
      text: string;
      authorName: string;
      /** Format: date-time */
      createdAt: string;
      /**
       * Format: date-time
       * @description The author may edit the review until then (48 h).
       */
      editableUntil: string;
      reply?: {
        text: string;
        /** Format: date-time */
        createdAt: string;
      };
      /** @description The caller wrote it. */
      mine: boolean;
    };
    ReviewList: {
      items: components['schemas']['Review'][];
      nextCursor: string | null;
      rating: components['schemas']['Rating'];
    };
    ReviewEligibility: {
      canReview: boolean;
      /** @enum {string} */
      reason?: 'not_contacted' | 'too_early' | 'own_ad' | 'already_reviewed';
      /** Format: date-time */
      availableFrom?: string;
      reviewId?: string;
    };
    ReviewInput: {
      adId: string;
      rating: number;
      text: string;
    };
    ReviewEdit: {
      rating?: number;
      text?: string;
    };
    ReviewText: {
      /** @description The reply. */
      text?: string;
      /** @description Why the review is reported. */
      reason?: string;
    };
    ReportedReviewList: {
      items: (components['schemas']['ReviewFields'] & {
        reports: {
          reason: string;
          reporterName: string;
          /** Format: date-time */
          createdAt: string;
        }[];
      })[];
      nextCursor: string | null;
    };
    ReportRequest: {
      productId: string;
      /** @enum {string} */
      reason: 'errors' | 'suspicious';
      details?: string;
      /** Format: email */
      email: string;
      /** @description Consent to the processing of personal data; required (false or absent is validation_failed with fields.consent = must_accept and the message "Consent to data processing is needed to report an ad"). */
      consent: boolean;
    };
    ReportCreated: {
      /** @constant */
      message: 'report_sent';
      id: string;
    };
    Report: {
      id: string;
      productId: string;
      /** @description The reported ad as it is now; null when it was deleted. */
      product: null | {
        id: string;
        title: string;
        /** @enum {string} */
        status: 'draft' | 'active' | 'inactive' | 'expired';
        sellerId: string;
        sellerName: string;
      };
      /** @enum {string} */
      reason: 'errors' | 'suspicious';
      details: string;
      email: string;
      /** @enum {string} */
      status: 'open' | 'resolved';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      resolvedAt: string | null;
      resolution: null | {
        /** @enum {string} */
        action: 'dismiss' | 'deactivate_ad' | 'suspend_seller';
        note: string;
        /** @description The resolving administrator's e-mail. */
        by: string;
      };
    };
    ReportList: {
      items: components['schemas']['Report'][];
      nextCursor: string | null;
    };
    ResolveReportRequest: {
      /** @enum {string} */
      action: 'dismiss' | 'deactivate_ad' | 'suspend_seller';
      note?: string;
    };
    AdminUser: {
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      companyName: string;
      /** @enum {string} */
      accountType: 'individual' | 'professional';
      /** @enum {string} */
      role: 'user' | 'admin';
      /**
       * @description deleted - erased by its holder (DELETE /api/v1/account); final.
       * @enum {string}
       */
      status: 'active' | 'suspended' | 'banned' | 'deleted';
      emailVerified: boolean;
      /** Format: date-time */
      createdAt: string;
    };
    AdminUserList: {
      items: components['schemas']['AdminUser'][];
      nextCursor: string | null;
    };
    AdminUserDetail: {
      user: components['schemas']['AdminUser'];
      /** @description The user's ads, newest created first (at most 50). */
      ads: {
        id: string;
        title: string;
        /** @enum {string} */
        status: 'draft' | 'active' | 'inactive' | 'expired';
        priceRp: number;
        discountPct: number;
        /** @description Out of search and product pages because the account is not active. */
        hidden: boolean;
        /** Format: date-time */
        createdAt: string;
      }[];
    };
    UserStatusRequest: {
      /** @enum {string} */
      status: 'active' | 'suspended' | 'banned';
      reason?: string;
    };
    AuditEntry: {
      id: string;
      actorId: string;
      actorEmail: string;
      /** @description A dotted action code (report.resolve, ad.deactivate, user.status, user.resend_verification, ...). */
      action: string;
      targetType: string;
      targetId: string;
      /** @description The target as it was, a snapshot whose fields depend on targetType (open by design). */
      before: {
        [key: string]: unknown;
      };
      /** @description The target as it is now, a snapshot whose fields depend on targetType (open by design). */
      after: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      at: string;
    };
    AuditList: {
      items: components['schemas']['AuditEntry'][];
      nextCursor: string | null;
    };
    /** @description A plan as the back office shows it (retired plans included). */
    AdminPlan: {
      id: string;
      /** @enum {string} */
      kind: 'subscription' | 'single';
      name: components['schemas']['Localized'];
      description: components['schemas']['Localized'];
      /** @description Price excluding VAT in Rappen. */
      priceRp: number;
      /** @constant */
      currency: 'CHF';
      duration: {
        value: number;
        /** @enum {string} */
        unit: 'days' | 'months';
      };
      freeMonths: number;
      adAllowance: number;
      imageAllowance: number;
      adDurationDays: number;
      bundle: boolean;
      popular: boolean;
      sortOrder: number;
      /** @description No longer offered on the pricing page nor orderable (plan_retired). */
      retired: boolean;
      /** @description 0 until an administrator first changes the plan; send it back with an edit. */
      version: number;
      /** Format: date-time */
      updatedAt: string | null;
      /** @description E-mail of the administrator who changed the plan last. */
      updatedBy: string | null;
    };
    AdminPlanList: {
      items: components['schemas']['AdminPlan'][];
    };
    /**
     * @description What an administrator edits on a plan. name and description need all five languages
     *     (en, fr, de, it, sq; 1-60 and 1-300 characters). priceRp 50-10,000,000 (CHF 0.50-100,000.00)
     *     excluding VAT; duration 1-60 months or 1-1830 days; freeMonths 0-12 (0 for the single
     *     publication); adAllowance 1-10,000, imageAllowance 1-30 and adDurationDays 1-365, all 0
     *     for a bundle; sortOrder 0-1000. Field errors name the field (name.fr, duration.value, ...).
     */
    PlanEdit: {
      name: {
        en: string;
        fr: string;
        de: string;
        it: string;
        sq: string;
      };
      description: {
        en: string;
        fr: string;
        de: string;
        it: string;
        sq: string;
      };
      priceRp: number;
      duration: {
        value: number;
        /** @enum {string} */
        unit: 'days' | 'months';
      };
      freeMonths: number;
      adAllowance: number;
      imageAllowance: number;
      adDurationDays: number;
      popular: boolean;
      sortOrder: number;
    };
    CreatePlanRequest: components['schemas']['PlanEdit'] & {
      /** @description Lower-case letters, digits and hyphens, at most 40; fixed once created. */
      id: string;
      /** @enum {string} */
      kind: 'subscription' | 'single';
      /** @description A visibility bundle carries no ads (allowances 0); fixed once created. */
      bundle?: boolean;
    };
    UpdatePlanRequest: components['schemas']['PlanEdit'] & {
      /** @description The plan's version the edit was made on (edit_conflict when it changed since). */
      version: number;
    };
    SiteNotice: {
      enabled: boolean;
      /** @enum {string} */
      level: 'info' | 'warning';
      /** @description The banner in en, fr, de, it and sq (each 1-200 characters when enabled; may be empty while disabled). */
      text: {
        en?: string;
        fr?: string;
        de?: string;
        it?: string;
        sq?: string;
      };
      /**
       * Format: date-time
       * @description The notice hides itself from then on (in the future when enabled); null for no end.
       */
      endsAt: string | null;
    };
    /** @description The site settings administrators change without a deploy. */
    SiteSettings: {
      notice: components['schemas']['SiteNotice'];
      /** @description False refuses new sign-ups (signups_closed), social ones included. */
      signupsOpen: boolean;
      /** @description 0 until first saved; send it back with an edit. */
      version: number;
      /** Format: date-time */
      updatedAt: string | null;
      updatedBy: string | null;
    };
    SiteSettingsRequest: {
      notice: components['schemas']['SiteNotice'];
      signupsOpen: boolean;
      /** @description The version the edit was made on (edit_conflict when it changed since). */
      version: number;
    };
    /** @description The current password; for an account without one (hasPassword false) the account's e-mail address typed again. */
    AccountDeleteRequest: {
      password?: string;
      email?: string;
    };
    AccountDeleted: {
      /** @constant */
      message: 'account_deleted';
      /** @description Records kept as Swiss accounting law requires (CO art. 958f). */
      keptRecords: ('invoices' | 'orders' | 'payments')[];
      /** @constant */
      keptYears: 10;
    };
    ExportAmounts: {
      netRp: number;
      vatRateBp: number;
      vatRp: number;
      totalRp: number;
    };
    ExportLine: {
      description: components['schemas']['Localized'];
      quantity: number;
      unitPriceRp: number;
      netRp: number;
    };
    ExportParty: {
      name: string;
      company?: string;
      address?: string;
      email?: string;
      vatNumber?: string;
    };
    /** @description Everything Remat stores about the caller's account that can be handed out. Amounts in Rappen, times RFC 3339 UTC. Never the password hash, the token version or table keys. */
    AccountExport: {
      /** @constant */
      format: 'remat-account-export/1';
      /** Format: date-time */
      exportedAt: string;
      account: {
        id: string;
        firstName: string;
        lastName: string;
        email: string;
        phone: string;
        /** @enum {string} */
        language: 'en' | 'fr' | 'de' | 'it' | 'sq';
        /** @enum {string} */
        role: 'user' | 'admin';
        /** @enum {string} */
        accountType: 'individual' | 'professional';
        /** @enum {string} */
        status: 'active' | 'suspended' | 'banned';
        emailVerified: boolean;
        hasPassword: boolean;
        company: components['schemas']['Company'] | null;
        photoUrl?: string;
        /** Format: date-time */
        createdAt: string;
      };
      socialSignIns: {
        provider: string;
        subject: string;
      }[];
      ads: {
        id: string;
        url: string;
        /** @enum {string} */
        status: 'draft' | 'active' | 'inactive' | 'expired';
        title: string;
        category: string;
        categoryPath: string[];
        brand: string;
        description: string;
        priceRp: number;
        discountPct: number;
        condition: string;
        quantity: {
          amount: number;
          unit: string;
        };
        pickup: boolean;
        delivery: boolean;
        location: {
          /** @enum {string} */
          kind: 'city' | 'canton';
          postalCode?: string;
          locality?: string;
          canton: string;
          lat: number;
          lon: number;
        };
        clicks: number;
        photos: {
          id: string;
          /** @enum {string} */
          state: 'pending' | 'ready' | 'failed';
          main: boolean;
          /** @description The renditions' URLs (thumb, card, large) once ready. */
          urls: {
            [key: string]: string;
          };
          width?: number;
          height?: number;
          /** Format: date-time */
          createdAt: string;
        }[];
        /** Format: date-time */
        createdAt: string;
        /** Format: date-time */
        updatedAt: string;
        /** Format: date-time */
        publishedAt?: string;
        /** Format: date-time */
        expiresAt?: string;
        subscriptionId?: string;
      }[];
      contactRequestsReceived: {
        id: string;
        adId: string;
        adTitle: string;
        name: string;
        email: string;
        phone?: string;
        message: string;
        read: boolean;
        archived: boolean;
        /** Format: date-time */
        createdAt: string;
        /** Format: date-time */
        readAt?: string;
      }[];
      /** @description The wish list, newest saved first (each ad's title when it was saved). */
      favourites: {
        adId: string;
        title: string;
        url: string;
        /** Format: date-time */
        savedAt: string;
      }[];
      savedSearches: {
        name: string;
        params: string;
        place?: string;
        /** @enum {string} */
        frequency: 'instant' | 'daily';
        paused: boolean;
        /** Format: date-time */
        createdAt: string;
        /** Format: date-time */
        lastSentAt?: string;
      }[];
      reviewsWritten: {
        adId: string;
        adTitle: string;
        rating: number;
        text: string;
        /** @enum {string} */
        status: 'visible' | 'removed';
        /** Format: date-time */
        createdAt: string;
      }[];
      subscriptions: {
        id: string;
        planId: string;
        planKind: string;
        planName: components['schemas']['Localized'];
        /** Format: date-time */
        startsAt: string;
        /** Format: date-time */
        expiresAt: string;
        adAllowance: number;
        remainingAds: number;
        imageAllowance: number;
        adDurationDays: number;
        bundle: boolean;
        trial: boolean;
      }[];
      orders: {
        id: string;
        planId: string;
        planName: components['schemas']['Localized'];
        /** @enum {string} */
        status: 'pending' | 'paid' | 'failed';
        provider: string;
        trial: boolean;
        currency: string;
        lines: components['schemas']['ExportLine'][];
        amounts: components['schemas']['ExportAmounts'];
        /** Format: date-time */
        createdAt: string;
        /** Format: date-time */
        paidAt?: string;
        invoiceId?: string;
        subscriptionId?: string;
      }[];
      payments: {
        orderId: string;
        planName: components['schemas']['Localized'];
        subscriptionId?: string;
        currency: string;
        amountRp: number;
        method: string;
        invoiceId?: string;
        /** Format: date-time */
        paidAt: string;
        failed: boolean;
      }[];
      invoices: {
        id: string;
        number: string;
        url: string;
        orderId: string;
        /** Format: date-time */
        issuedAt: string;
        seller: components['schemas']['ExportParty'];
        customer: components['schemas']['ExportParty'];
        lines: components['schemas']['ExportLine'][];
        amounts: components['schemas']['ExportAmounts'];
        currency: string;
        paymentMethod: string;
        /** Format: date-time */
        paidAt: string;
      }[];
      /** @description What the document leaves out and why, in English. */
      notes: string[];
    };
    AccountDeletionInProgress: {
      /** @constant */
      message: 'account_deletion_in_progress';
    };
    PlanList: {
      items: components['schemas']['Plan'][];
    };
    MySubscriptions: {
      current: components['schemas']['Subscription'] | null;
      history: components['schemas']['Subscription'][];
    };
    OrderCreated: {
      /** @constant */
      message: 'order_created';
      order: components['schemas']['Order'];
    };
    PaymentList: {
      items: components['schemas']['Payment'][];
    };
    InvoiceBody: {
      invoice: components['schemas']['Invoice'];
    };
    InvoiceLink: {
      /** Format: uri */
      url: string;
    };
    CategoryList: {
      items: components['schemas']['Category'][];
      /** @description Active ads of each category (its sub-categories included), by slug, from the search index's counts (up to a minute old); absent when they could not be read. */
      counts?: {
        [key: string]: number;
      };
    };
    Suggestion: {
      /**
       * @description What choosing it searches - the category slug, the brand or the words in `value`.
       * @enum {string}
       */
      kind: 'category' | 'brand' | 'term';
      value: string;
      /** @description What the buyer reads (a category's name in the asked language). */
      label: string;
      /** @description Active ads it finds; absent for several words. */
      count?: number;
    };
    SuggestionList: {
      items: components['schemas']['Suggestion'][];
    };
    BrandList: {
      items: components['schemas']['Brand'][];
    };
    LocalityList: {
      items: components['schemas']['Locality'][];
    };
    SearchResults: {
      items: components['schemas']['Card'][];
      nextCursor?: string;
      /** @description The place the radius is around (when location is set). */
      place?: components['schemas']['Locality'];
      total: components['schemas']['SearchTotal'];
    };
    /** @description How many ads the search matches, the same on every page of it (the cursor carries it). exact - the count of the index term that is the whole query, or every result fits the first page; otherwise an estimate from the index's term counts and the first page's filter rate, rounded to two significant digits (docs/search.md, "Result count"). */
    SearchTotal: {
      count: number;
      exact: boolean;
    };
    MyAdList: {
      items: components['schemas']['MyAd'][];
      nextCursor?: string;
    };
    ImageUpload: {
      image: {
        id: string;
        /** @constant */
        state: 'pending';
      };
      upload: {
        /** Format: uri */
        url: string;
        /** @constant */
        method: 'PUT';
        headers: {
          [key: string]: string;
        };
      };
      /** Format: date-time */
      expiresAt: string;
    };
    ImageUploadRequest: {
      /** @enum {string} */
      contentType: 'image/jpeg' | 'image/png' | 'image/webp';
      size: number;
    };
  };
  responses: {
    /** @description Invalid input; `fields` names each invalid field. */
    BadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Missing, expired, revoked or malformed token. */
    Unauthorized: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Signed in, but not allowed to access this resource. */
    Forbidden: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Rate limit reached. */
    TooManyRequests: {
      headers: {
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description No such resource (or provider not configured). */
    NotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description method_not_allowed - the path is served for other methods only (answered by the catch-all route for any path and method no route serves). */
    MethodNotAllowed: {
      headers: {
        /** @description The methods the path is served for, comma-separated (for example "GET, POST"). */
        Allow?: string;
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description The resource exists already. */
    Conflict: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description The request is well formed but the resource is not ready for it (main_image_required). */
    Unprocessable: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Any other error, with a stable code. */
    Error: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
  };
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description Seconds until the rate-limit window reopens. */
    RetryAfter: number;
  };
  pathItems: never;
}
export type Error = components['schemas']['Error'];
export type ErrorCode = components['schemas']['ErrorCode'];
export type FieldErrorCode = components['schemas']['FieldErrorCode'];
export type OAuthLoginError = components['schemas']['OAuthLoginError'];
export type ContactUsRequest = components['schemas']['ContactUsRequest'];
export type ContactUsCreated = components['schemas']['ContactUsCreated'];
export type ContactUsMessage = components['schemas']['ContactUsMessage'];
export type ContactUsHandledRequest = components['schemas']['ContactUsHandledRequest'];
export type ContactUsList = components['schemas']['ContactUsList'];
export type ContactRequestInput = components['schemas']['ContactRequestInput'];
export type ContactRequestCreated = components['schemas']['ContactRequestCreated'];
export type ContactRequest = components['schemas']['ContactRequest'];
export type ContactRequestList = components['schemas']['ContactRequestList'];
export type ContactRequestUpdate = components['schemas']['ContactRequestUpdate'];
export type Message = components['schemas']['Message'];
export type Company = components['schemas']['Company'];
export type User = components['schemas']['User'];
export type UserBody = components['schemas']['UserBody'];
export type SignUpRequest = components['schemas']['SignUpRequest'];
export type SignUpCreated = components['schemas']['SignUpCreated'];
export type EmailRequest = components['schemas']['EmailRequest'];
export type TokenRequest = components['schemas']['TokenRequest'];
export type LoginRequest = components['schemas']['LoginRequest'];
export type LoginResponse = components['schemas']['LoginResponse'];
export type OAuthExchangeRequest = components['schemas']['OAuthExchangeRequest'];
export type OAuthExchangeResponse = components['schemas']['OAuthExchangeResponse'];
export type UpdateInfoRequest = components['schemas']['UpdateInfoRequest'];
export type ChangePasswordRequest = components['schemas']['ChangePasswordRequest'];
export type PasswordChanged = components['schemas']['PasswordChanged'];
export type ResetPasswordRequest = components['schemas']['ResetPasswordRequest'];
export type CreateAdminRequest = components['schemas']['CreateAdminRequest'];
export type Settings = components['schemas']['Settings'];
export type PublicNotice = components['schemas']['PublicNotice'];
export type Localized = components['schemas']['Localized'];
export type Plan = components['schemas']['Plan'];
export type Subscription = components['schemas']['Subscription'];
export type Line = components['schemas']['Line'];
export type Order = components['schemas']['Order'];
export type OrderPreview = components['schemas']['OrderPreview'];
export type OrderBody = components['schemas']['OrderBody'];
export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];
export type TestPaymentRequest = components['schemas']['TestPaymentRequest'];
export type Payment = components['schemas']['Payment'];
export type Invoice = components['schemas']['Invoice'];
export type Category = components['schemas']['Category'];
export type Brand = components['schemas']['Brand'];
export type CategoryNames = components['schemas']['CategoryNames'];
export type AdminCategory = components['schemas']['AdminCategory'];
export type AdminCategoryList = components['schemas']['AdminCategoryList'];
export type AdminCategoryCreate = components['schemas']['AdminCategoryCreate'];
export type AdminCategoryPatch = components['schemas']['AdminCategoryPatch'];
export type AdminBrand = components['schemas']['AdminBrand'];
export type AdminBrandList = components['schemas']['AdminBrandList'];
export type AdminBrandRequest = components['schemas']['AdminBrandRequest'];
export type Locality = components['schemas']['Locality'];
export type Card = components['schemas']['Card'];
export type ImageSource = components['schemas']['ImageSource'];
export type CardList = components['schemas']['CardList'];
export type Quantity = components['schemas']['Quantity'];
export type ProductInput = components['schemas']['ProductInput'];
export type ProductImage = components['schemas']['ProductImage'];
export type ProductDetail = components['schemas']['ProductDetail'];
export type MyAd = components['schemas']['MyAd'];
export type Favourite = components['schemas']['Favourite'];
export type FavouriteList = components['schemas']['FavouriteList'];
export type FavouriteIds = components['schemas']['FavouriteIds'];
export type FavouriteSaved = components['schemas']['FavouriteSaved'];
export type SavedSearch = components['schemas']['SavedSearch'];
export type SavedSearchList = components['schemas']['SavedSearchList'];
export type SavedSearchInput = components['schemas']['SavedSearchInput'];
export type SavedSearchChange = components['schemas']['SavedSearchChange'];
export type UnsubscribeRequest = components['schemas']['UnsubscribeRequest'];
export type Rating = components['schemas']['Rating'];
export type SellerProfile = components['schemas']['SellerProfile'];
export type SellerAds = components['schemas']['SellerAds'];
export type Review = components['schemas']['Review'];
export type ReviewFields = components['schemas']['ReviewFields'];
export type ReviewList = components['schemas']['ReviewList'];
export type ReviewEligibility = components['schemas']['ReviewEligibility'];
export type ReviewInput = components['schemas']['ReviewInput'];
export type ReviewEdit = components['schemas']['ReviewEdit'];
export type ReviewText = components['schemas']['ReviewText'];
export type ReportedReviewList = components['schemas']['ReportedReviewList'];
export type ReportRequest = components['schemas']['ReportRequest'];
export type ReportCreated = components['schemas']['ReportCreated'];
export type Report = components['schemas']['Report'];
export type ReportList = components['schemas']['ReportList'];
export type ResolveReportRequest = components['schemas']['ResolveReportRequest'];
export type AdminUser = components['schemas']['AdminUser'];
export type AdminUserList = components['schemas']['AdminUserList'];
export type AdminUserDetail = components['schemas']['AdminUserDetail'];
export type UserStatusRequest = components['schemas']['UserStatusRequest'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditList = components['schemas']['AuditList'];
export type AdminPlan = components['schemas']['AdminPlan'];
export type AdminPlanList = components['schemas']['AdminPlanList'];
export type PlanEdit = components['schemas']['PlanEdit'];
export type CreatePlanRequest = components['schemas']['CreatePlanRequest'];
export type UpdatePlanRequest = components['schemas']['UpdatePlanRequest'];
export type SiteNotice = components['schemas']['SiteNotice'];
export type SiteSettings = components['schemas']['SiteSettings'];
export type SiteSettingsRequest = components['schemas']['SiteSettingsRequest'];
export type AccountDeleteRequest = components['schemas']['AccountDeleteRequest'];
export type AccountDeleted = components['schemas']['AccountDeleted'];
export type ExportAmounts = components['schemas']['ExportAmounts'];
export type ExportLine = components['schemas']['ExportLine'];
export type ExportParty = components['schemas']['ExportParty'];
export type AccountExport = components['schemas']['AccountExport'];
export type AccountDeletionInProgress = components['schemas']['AccountDeletionInProgress'];
export type PlanList = components['schemas']['PlanList'];
export type MySubscriptions = components['schemas']['MySubscriptions'];
export type OrderCreated = components['schemas']['OrderCreated'];
export type PaymentList = components['schemas']['PaymentList'];
export type InvoiceBody = components['schemas']['InvoiceBody'];
export type InvoiceLink = components['schemas']['InvoiceLink'];
export type CategoryList = components['schemas']['CategoryList'];
export type Suggestion = components['schemas']['Suggestion'];
export type SuggestionList = components['schemas']['SuggestionList'];
export type BrandList = components['schemas']['BrandList'];
export type LocalityList = components['schemas']['LocalityList'];
export type SearchResults = components['schemas']['SearchResults'];
export type SearchTotal = components['schemas']['SearchTotal'];
export type MyAdList = components['schemas']['MyAdList'];
export type ImageUpload = components['schemas']['ImageUpload'];
export type ImageUploadRequest = components['schemas']['ImageUploadRequest'];
export type ResponseBadRequest = components['responses']['BadRequest'];
export type ResponseUnauthorized = components['responses']['Unauthorized'];
export type ResponseForbidden = components['responses']['Forbidden'];
export type ResponseTooManyRequests = components['responses']['TooManyRequests'];
export type ResponseNotFound = components['responses']['NotFound'];
export type ResponseMethodNotAllowed = components['responses']['MethodNotAllowed'];
export type ResponseConflict = components['responses']['Conflict'];
export type ResponseUnprocessable = components['responses']['Unprocessable'];
export type ResponseError = components['responses']['Error'];
export type HeaderRetryAfter = components['headers']['RetryAfter'];
export type $defs = Record<string, never>;
export interface operations {
  signUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignUpRequest'];
      };
    };
    responses: {
      /** @description Success. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignUpCreated'];
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
      502: components['responses']['Error'];
    };
  };
  resendVerification: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailRequest'];
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      400: components['responses']['BadRequest'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  verifyAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TokenRequest'];
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      400: components['responses']['BadRequest'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginRequest'];
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LoginResponse'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserBody'];
        };
      };
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  updateInfo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateInfoRequest'];
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserBody'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  changePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ChangePasswordRequest'];
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PasswordChanged'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  uploadProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description JPEG, PNG or WebP (checked by content), at most 4 MiB.
           */
          image: string;
        };
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserBody'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      413: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  forgotPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailRequest'];
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      400: components['responses']['BadRequest'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  resetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ResetPasswordRequest'];
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      400: components['responses']['BadRequest'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  createAdmin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateAdminRequest'];
      };
    };
    responses: {
      /** @description Success. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  oauthStart: {
    parameters: {
      query?: {
        lang?: 'en' | 'fr' | 'de' | 'it' | 'sq';
        returnTo?: string;
      };
      header?: never;
      path: {
        provider: 'google' | 'facebook';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect (to the provider, or back to the SPA). */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  oauthCallback: {
    parameters: {
      query?: {
        code?: string;
        state?: string;
      };
      header?: never;
      path: {
        provider: 'google' | 'facebook';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect (to the provider, or back to the SPA). */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  oauthExchange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: {
        remat_oauth_bind?: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OAuthExchangeRequest'];
      };
    };
    responses: {
      /** @description Signed in. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OAuthExchangeResponse'];
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  exportAccountData: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The export. */
      200: {
        headers: {
          'Content-Disposition'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountExport'];
        };
      };
      401: components['responses']['Unauthorized'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  deleteAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AccountDeleteRequest'];
      };
    };
    responses: {
      /** @description The account is deleted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountDeleted'];
        };
      };
      /** @description Part of the work is done; send the request again. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountDeletionInProgress'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  listContactUsMessages: {
    parameters: {
      query?: {
        status?: 'new' | 'handled';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of messages. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactUsList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  createContactUsMessage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ContactUsRequest'];
      };
    };
    responses: {
      /** @description Stored (and e-mailed, or queued for the administrators' inbox). */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactUsCreated'];
        };
      };
      400: components['responses']['BadRequest'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  setContactUsMessageHandled: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ContactUsHandledRequest'];
      };
    };
    responses: {
      /** @description The message as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactUsMessage'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  listContactRequests: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        /** @description true lists the archive instead of the inbox. */
        archived?: boolean;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of requests. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactRequestList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  createContactRequest: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ContactRequestInput'];
      };
    };
    responses: {
      /** @description Stored (and e-mailed; a failed e-mail leaves it in the dashboard). */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactRequestCreated'];
        };
      };
      400: components['responses']['BadRequest'];
      /** @description contact_request_own_ad */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description product_not_found (no such ad, or a draft) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description contact_request_ad_inactive (the ad or its seller is not active) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      /** @description contact_request_spam (honeypot) or contact_request_links_only */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  getContactRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The request. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactRequest'];
        };
      };
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  deleteContactRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      500: components['responses']['Error'];
    };
  };
  updateContactRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ContactRequestUpdate'];
      };
    };
    responses: {
      /** @description The request as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactRequest'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  listFavourites: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FavouriteList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  listFavouriteIds: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ids. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FavouriteIds'];
        };
      };
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  saveFavourite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        adId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ad was in the list already. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FavouriteSaved'];
        };
      };
      /** @description Saved. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FavouriteSaved'];
        };
      };
      401: components['responses']['Unauthorized'];
      /** @description wishlist_own_ad */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description product_not_found (no such ad, or not active) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description wishlist_full (params.max is the limit, 300) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  removeFavourite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        adId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      /** @description wishlist_not_found (the ad is not in the caller's list) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  listSavedSearches: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The searches and the limit. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedSearchList'];
        };
      };
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  createSavedSearch: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SavedSearchInput'];
      };
    };
    responses: {
      /** @description Saved. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedSearch'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description saved_search_limit (params.max) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      /** @description saved_search_too_broad (no filter at all) */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  unsubscribeSavedSearch: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UnsubscribeRequest'];
      };
    };
    responses: {
      /** @description The search, paused. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedSearch'];
        };
      };
      /** @description invalid_token (not a link of ours, or the search was deleted), or a bad body */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  deleteSavedSearch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      /** @description saved_search_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  updateSavedSearch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SavedSearchChange'];
      };
    };
    responses: {
      /** @description The search as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedSearch'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description saved_search_not_found (also for another user's search) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  getSellerProfile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SellerProfile'];
        };
      };
      /** @description user_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  listSellerAds: {
    parameters: {
      query?: {
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SellerAds'];
        };
      };
      400: components['responses']['BadRequest'];
      /** @description user_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  listSellerReviews: {
    parameters: {
      query?: {
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReviewList'];
        };
      };
      400: components['responses']['BadRequest'];
      /** @description user_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  getReviewEligibility: {
    parameters: {
      query: {
        adId: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReviewEligibility'];
        };
      };
      401: components['responses']['Unauthorized'];
      /** @description product_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  createReview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReviewInput'];
      };
    };
    responses: {
      /** @description OK. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Review'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description review_not_eligible (params.reason, params.availableFrom) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description product_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description review_exists */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  editReview: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReviewEdit'];
      };
    };
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Review'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description review_not_found (also someone else's) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description review_locked, or edit_conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  replyToReview: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReviewText'];
      };
    };
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Review'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description review_not_found (also for anyone but the seller) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description review_reply_exists */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  reportReview: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReviewText'];
      };
    };
    responses: {
      /** @description OK. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description forbidden (one's own review) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description review_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description review_already_reported */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  listReportedReviews: {
    parameters: {
      query?: {
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportedReviewList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  removeReview: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      /** @description review_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description edit_conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  dismissReviewReports: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      /** @description review_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  getSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Languages, VAT rate, publishable keys, feature flags and input limits. */
      200: {
        headers: {
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Settings'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  listPlans: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Plans. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlanList'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  mySubscriptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Subscriptions. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MySubscriptions'];
        };
      };
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  createOrder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateOrderRequest'];
      };
    };
    responses: {
      /** @description Created. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderCreated'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
      502: components['responses']['Error'];
      503: components['responses']['Error'];
    };
  };
  previewOrder: {
    parameters: {
      query: {
        planId: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The preview. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderPreview'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      500: components['responses']['Error'];
    };
  };
  getOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderBody'];
        };
      };
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  testPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestPaymentRequest'];
      };
    };
    responses: {
      /** @description Payment processing. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
      502: components['responses']['Error'];
    };
  };
  paymentsWebhook: {
    parameters: {
      query?: never;
      header: {
        'Stripe-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description Received. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            received: true;
          };
        };
      };
      400: components['responses']['BadRequest'];
      413: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  listPayments: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Payments. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaymentList'];
        };
      };
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  getInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The invoice. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoiceBody'];
        };
      };
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  getInvoicePdf: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoiceLink'];
        };
      };
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  listCategories: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Categories; cacheable for 60 seconds. */
      200: {
        headers: {
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CategoryList'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  listBrands: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Brands; cacheable for 60 seconds. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BrandList'];
        };
      };
      500: components['responses']['Error'];
    };
  };
  listLocalities: {
    parameters: {
      query: {
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Matching localities. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LocalityList'];
        };
      };
      400: components['responses']['BadRequest'];
      500: components['responses']['Error'];
    };
  };
  listSuggestions: {
    parameters: {
      query: {
        q: string;
        lang: 'en' | 'fr' | 'de' | 'it' | 'sq';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The suggestions, categories first, then brands, then words; cacheable for 60 seconds. */
      200: {
        headers: {
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuggestionList'];
        };
      };
      400: components['responses']['BadRequest'];
      500: components['responses']['Error'];
    };
  };
  searchProducts: {
    parameters: {
      query?: {
        q?: string;
        /** @description A category slug (its subcategories included). */
        category?: string;
        brand?: string;
        condition?: 'new' | 'used';
        /** @description Maximum effective price in CHF (decimal). */
        maxPrice?: string;
        location?: string;
        radius?: number;
        canton?: string;
        /** @description `distance` is nearest first (then newest) and needs a `location`: without one it is refused (400, `fields.sort = invalid`). */
        sort?: 'newest' | 'price_asc' | 'price_desc' | 'distance';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of cards. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SearchResults'];
        };
      };
      400: components['responses']['BadRequest'];
      500: components['responses']['Error'];
    };
  };
  createProduct: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProductInput'];
      };
    };
    responses: {
      /** @description The draft. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductDetail'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  productCards: {
    parameters: {
      query?: {
        /** @description Comma-separated ad ids, at most 24. */
        ids?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Cards. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CardList'];
        };
      };
      400: components['responses']['BadRequest'];
      500: components['responses']['Error'];
    };
  };
  listMyAds: {
    parameters: {
      query?: {
        status?: 'draft' | 'active' | 'inactive' | 'expired';
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of ads. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MyAdList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      500: components['responses']['Error'];
    };
  };
  getProduct: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ad. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductDetail'];
        };
      };
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  deleteProduct: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  updateProduct: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProductInput'];
      };
    };
    responses: {
      /** @description The ad. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductDetail'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  similarProducts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Cards. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CardList'];
        };
      };
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  viewProduct: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description A random id the browser keeps. */
          visitorId: string;
        };
      };
    };
    responses: {
      /** @description Seen. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  publishProduct: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The active ad. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductDetail'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['Unprocessable'];
      500: components['responses']['Error'];
    };
  };
  setProductStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status: 'active' | 'inactive';
        };
      };
    };
    responses: {
      /** @description The ad. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductDetail'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      422: components['responses']['Unprocessable'];
      500: components['responses']['Error'];
    };
  };
  addProductImage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ImageUploadRequest'];
      };
    };
    responses: {
      /** @description The pending image and its upload. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImageUpload'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  deleteProductImage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        imageId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['Unprocessable'];
      500: components['responses']['Error'];
    };
  };
  setMainProductImage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        imageId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @constant */
          main: true;
        };
      };
    };
    responses: {
      /** @description The ad. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductDetail'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  createReport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReportRequest'];
      };
    };
    responses: {
      /** @description Stored; the administrators are notified. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportCreated'];
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['Error'];
    };
  };
  listReports: {
    parameters: {
      query?: {
        status?: 'open' | 'resolved';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of reports. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  getReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Report'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  resolveReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ResolveReportRequest'];
      };
    };
    responses: {
      /** @description The resolved report. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Report'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  listUsers: {
    parameters: {
      query?: {
        q?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of accounts. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  getUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account and its first 50 ads, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserDetail'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  setUserStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UserStatusRequest'];
      };
    };
    responses: {
      /** @description The account as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUser'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  resendUserVerification: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sent. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            message: 'verification_sent';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      500: components['responses']['Error'];
      502: components['responses']['Error'];
    };
  };
  listAdminCategories: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The tree. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminCategoryList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  createCategory: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdminCategoryCreate'];
      };
    };
    responses: {
      /** @description Created. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminCategory'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  deleteCategory: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      500: components['responses']['Error'];
    };
  };
  updateCategory: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdminCategoryPatch'];
      };
    };
    responses: {
      /** @description The category as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminCategory'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  listAdminBrands: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brands. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminBrandList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  createBrand: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdminBrandRequest'];
      };
    };
    responses: {
      /** @description Added. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminBrand'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  deleteBrand: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      500: components['responses']['Error'];
    };
  };
  renameBrand: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdminBrandRequest'];
      };
    };
    responses: {
      /** @description The brand as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminBrand'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  listAuditEntries: {
    parameters: {
      query?: {
        targetType?: string;
        targetId?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of entries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  listAdminPlans: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plans. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPlanList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  createPlan: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreatePlanRequest'];
      };
    };
    responses: {
      /** @description The new plan. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPlan'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  updatePlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdatePlanRequest'];
      };
    };
    responses: {
      /** @description The plan as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPlan'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
  retirePlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plan as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPlan'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      500: components['responses']['Error'];
    };
  };
  reinstatePlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plan as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPlan'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      500: components['responses']['Error'];
    };
  };
  getSiteSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The site settings. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SiteSettings'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      500: components['responses']['Error'];
    };
  };
  updateSiteSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SiteSettingsRequest'];
      };
    };
    responses: {
      /** @description The site settings as they are now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SiteSettings'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['Error'];
      415: components['responses']['Error'];
      500: components['responses']['Error'];
    };
  };
}
