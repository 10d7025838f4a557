import { TermsPage } from '../../features/account';

export { TermsPage as Component };
