export interface PaymentMethod {
  id: 'uzcard' | 'payme' | 'click' | 'uzum';
  name: string;
  commissionPercent: number;
  enabled: boolean;
}

/** Spec section 9: only Uzcard/Humo takes payments today; the others are shown disabled. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { id: 'uzcard', name: 'Uzcard / Humo', commissionPercent: 0, enabled: true },
  { id: 'payme', name: 'Payme', commissionPercent: 0.5, enabled: false },
  { id: 'click', name: 'Click', commissionPercent: 0.5, enabled: false },
  { id: 'uzum', name: 'Uzum', commissionPercent: 1, enabled: false },
];
