import { ForgotPasswordFlow } from '../../features/account';

export { ForgotPasswordFlow as Component };
