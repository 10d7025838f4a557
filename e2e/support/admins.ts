/**
 * Admins of the browser tests: the stack starts with these numbers in ADMIN_PHONES
 * (global-setup.ts), so each has the admin role before its first sign-in. A test file names
 * its own with `test.use({ adminPhone })` and the `admin` fixture signs it in (fixtures.ts): a
 * number's first sign-in is what texts its password, so two files must not share one. Add an
 * entry per file.
 */
export const TEST_ADMIN_PHONES = {
  categories: '998990000001',
  moderation: '998990000007',
  sellerLoop: '998990000191',
  reports: '998990000011',
  channels: '998990000020',
  reusedPhotos: '998990000031',
  customModels: '998990000032',
  touchTargets: '998990000193',
  trust: '998990000035',
  firstTime: '998990000036',
  reputation: '998990000038',
  inbox: '998990000039',
  journeys: '998990000042',
  conversations: '998990000041',
} as const;
