import { RegisterForm } from '../../features/account';

export { RegisterForm as Component };
