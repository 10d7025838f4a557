/** The admins' pages, in the profile's side menu and in the top bar's user menu alike (a phone has no side menu). */
export const ADMIN_PAGES = [
  { to: '/profile/categories', labelKey: 'profileMenu.categories' },
  { to: '/profile/allphones', labelKey: 'profileMenu.admin' },
] as const;
