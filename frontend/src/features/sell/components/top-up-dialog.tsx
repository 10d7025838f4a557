import { createContext, useContext, type ReactNode } from 'react';

export interface TopUpDialogProps {
  open: boolean;
  onClose: () => void;
  /** So'm the tariff lacks, proposed as the amount to pay. */
  suggestedAmount?: number;
}

/** Draws the payments feature's picker for the tariff step (the route passes it in: features do not import each other). */
export type RenderTopUpDialog = (props: TopUpDialogProps) => ReactNode;

export const TopUpDialogContext = createContext<RenderTopUpDialog | null>(null);

export function useTopUpDialog(): RenderTopUpDialog {
  const render = useContext(TopUpDialogContext);
  if (!render) throw new Error('ListingWizardPage renders the wizard with its topUpDialog');
  return render;
}
