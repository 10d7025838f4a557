import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { statusAfter, type Device, type ListingDetailResponse, type UserDto } from '@market/contracts';
import { ApiError } from '../../../lib/api-client';
import { findDeviceById } from '../api/find-devices';
import { getListingForWizard } from '../api/get-listing-for-wizard';
import { useWizardStore, type WizardMode, type WizardPhoto } from '../stores/wizard-store';
import { initialValues, reviewedOf, valuesFromListing } from '../wizard-form';
import { resumeStep, STEP } from '../wizard-steps';

export type WizardTarget = { mode: 'create'; draftId: string | null } | { mode: 'edit'; listingId: string };

interface LoadedListing {
  detail: ListingDetailResponse;
  device: Device | null;
}

/** The listing (draft or posted) with its device's specs, which the memory and colour steps need. */
async function loadListing(id: string): Promise<LoadedListing> {
  const detail = await getListingForWizard(id);
  const form = detail.owner?.form;
  if (!form?.device || !detail.device) return { detail, device: null };
  const found = await findDeviceById(detail.device.name, form.device);
  // Not found by name (renamed since): the device without its detail specs; the server still checks the choices.
  const device: Device = found ?? {
    _id: detail.device._id,
    name: detail.device.name,
    img: detail.device.img,
    quickSpec: detail.device.quickSpec,
    detailSpec: [],
    category: detail.category?._id ?? '',
    specsRefreshedAt: null,
  };
  return { detail, device };
}

let openings = 0;

export type WizardStartState =
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'error'; error: Error; retry: () => void }
  /** The id names a draft, which is resumed in the create wizard, not edited. */
  | { status: 'draft'; draftId: string }
  /** The id names no listing of this seller. */
  | { status: 'notFound' };

/**
 * Starts the wizard's store for this opening of the page: empty for a new listing, or loaded
 * from the server for a draft (at the step it reached) or an edit (at the first step).
 */
export function useWizardStart(target: WizardTarget, user: UserDto, isAdmin: boolean): WizardStartState {
  const [session] = useState(() => `opening-${(openings += 1)}`);
  const started = useWizardStore((state) => state.session === session);
  const start = useWizardStore((state) => state.start);
  const listingId = target.mode === 'edit' ? target.listingId : target.draftId;

  const loaded = useQuery({
    queryKey: ['sell', 'wizard-listing', listingId],
    queryFn: () => loadListing(listingId!),
    enabled: listingId !== null,
    // Every opening reads the listing as it is now.
    gcTime: 0,
    staleTime: 0,
  });

  const detail = loaded.data?.detail;
  // An edit opens a posted listing and the create wizard resumes a draft, as the lifecycle says.
  const wrongKind = detail !== undefined && !statusAfter(target.mode === 'edit' ? 'edit' : 'submit', detail.status);

  useEffect(() => {
    if (started) return;
    const seller = { name: user.name, phoneNumber: user.phoneNumber, telegramUsername: user.telegramUsername, isAdmin };
    if (listingId === null) {
      start(session, { mode: 'create', listingId: null, step: STEP.device, values: initialValues(seller), photos: [], paidTariff: null, approved: null });
      return;
    }
    const form = loaded.data?.detail.owner?.form;
    if (!form || wrongKind) return;
    const device = loaded.data!.device;
    const mode: WizardMode = target.mode;
    const photos: WizardPhoto[] = form.images.map((image) => ({
      localId: image._id,
      image,
      preview: null,
      progress: 1,
      attached: mode === 'edit',
    }));
    const values = valuesFromListing(form, device, seller);
    const status = loaded.data!.detail.status;
    const approved = mode === 'edit' && (status === 'active' || status === 'noActive');
    start(session, {
      mode,
      listingId,
      step: mode === 'edit' ? STEP.device : resumeStep(form.step, device),
      values,
      photos,
      paidTariff: mode === 'edit' ? form.tarif : null,
      approved: approved ? { onSale: status === 'active', reviewed: reviewedOf(values, form.images.map((image) => image._id)) } : null,
    });
  }, [started, listingId, loaded.data, wrongKind, session, start, target.mode, user, isAdmin]);

  if (listingId !== null) {
    if (loaded.isError) {
      if (loaded.error instanceof ApiError && loaded.error.status === 404) return { status: 'notFound' };
      return { status: 'error', error: loaded.error, retry: () => void loaded.refetch() };
    }
    if (detail && (!detail.owner || (wrongKind && target.mode === 'create'))) return { status: 'notFound' };
    if (detail && wrongKind) return { status: 'draft', draftId: listingId };
  }
  return started ? { status: 'ready' } : { status: 'loading' };
}
