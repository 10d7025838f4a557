import { BalancePage } from '../../../features/payments';

export { BalancePage as Component };
