/** Sign-in, registration and password reset screens. */
export { SignInForm } from './components/sign-in-form';
export { RegisterForm } from './components/register-form';
export { ForgotPasswordFlow } from './components/forgot-password-flow';
export { TermsPage } from './components/terms-page';
