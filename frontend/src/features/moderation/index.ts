/** The admins' moderation page (`/profile/allphones`); the route gives it the listings feature's card and pager. */
export { ModerationPage, type ModerationPageProps } from './components/moderation-page';
