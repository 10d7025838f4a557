import { useMutation } from '@tanstack/react-query';
import type { Device } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { countDeviceSearch } from '../api/count-device-search';
import { refreshDeviceSpec } from '../api/refresh-device-spec';
import { useWizardStore } from '../stores/wizard-store';
import { nextStep, STEP } from '../wizard-steps';

/**
 * Picking a device on step 0 (spec section 4): a device without quick specs first has its
 * specs refreshed, then the pick is counted (the wizard shows how many sellers picked it) and
 * the wizard moves on, as the 'Keyingi' button is far below a long list on a phone.
 * A failure is an info toast and leaves the choice as it was (spec section 8).
 */
export function useSelectDevice() {
  const setDevice = useWizardStore((state) => state.setDevice);
  return useMutation({
    mutationFn: async (device: Device): Promise<{ device: Device; searchCount: number }> => {
      let chosen = device;
      if (device.quickSpec.length === 0) {
        const { refresh: _outcome, message, ...refreshed } = await refreshDeviceSpec(device._id);
        if (message) toast.info(message[currentLanguage()]);
        chosen = refreshed;
      }
      const { searchCount } = await countDeviceSearch(device._id);
      return { device: chosen, searchCount };
    },
    onSuccess: ({ device, searchCount }) => {
      setDevice(device, searchCount);
      const { step, goTo } = useWizardStore.getState();
      if (step === STEP.device) goTo(nextStep(STEP.device, device));
    },
    onError: (error) => toast.info(errorText(error)),
  });
}
