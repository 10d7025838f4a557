/** Business constants and limits of spec section 9. */
export const LIMITS = {
  descriptionMax: 200,
  /** A report's own words (a listing's, a conversation's): room for what happened. */
  reportTextMax: 500,
  deviceSearchMin: 3,
  photosMin: 1,
  photosMax: 8,
  photoMaxBytes: 15 * 1024 * 1024,
  wizardLastStep: 9,
  wizardProgressSegments: 6,
  passwordMin: 6,
  phoneDigits: 12,
  cardDigits: 16,
  cardExpiryDigits: 4,
  topUpMinUzs: 1_000,
  topUpMaxUzs: 1_000_000,
  cardOtpDigits: 6,
  resetCodeDigits: 5,
  resendCountdownSeconds: 120,
  imageCompressionQuality: 0.6,
  listingsPerPage: 12,
  skeletonCards: 3,
  scrollRestoreDelayMs: 500,
  pagerMarginPages: 1,
  pagerDisplayedPages: 3,
  toastAutoCloseMs: 2000,
  /** How long a moderator may take back 'Tasdiqlash' before it is sent (issue 35 item 8). */
  approvalUndoMs: 5_000,
  cardImageBox: { width: 120, height: 150 },
  profileCompletenessBase: 30,
  profileCompletenessPerField: 10,
} as const;

/** Fields that each add LIMITS.profileCompletenessPerField to the profile completeness. */
export const PROFILE_COMPLETENESS_FIELDS = [
  'email',
  'phoneNumber',
  'name',
  'surname',
  'country',
  'image',
  'gender',
] as const;
