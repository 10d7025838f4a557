/**
 * The balance page and the payment method picker with its card payment dialog; other features
 * (the sell wizard's tariff step) open the picker when a cost exceeds the balance.
 */
export { BalancePage } from './components/balance-page';
export { PaymentMethodPicker, type PaymentMethodPickerProps } from './components/payment-method-picker';
export { BALANCE_HISTORY_KEY } from './api/get-balance-history';
