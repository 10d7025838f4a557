import { create } from 'zustand';
import { deviceColors, deviceMemoryOptions, type Device, type ListingImage, type ListingStatus, type ReviewedListing, type Translated } from '@market/contracts';
import type { StepErrors, WizardValues } from '../wizard-form';

/** A photo on the photo step: uploading or uploaded (a refused one leaves its slot). */
export interface WizardPhoto {
  /** Identifies the tile while the photo has no server id yet. */
  localId: string;
  image: ListingImage | null;
  /** The picked file's object URL while it uploads. */
  preview: string | null;
  /** Share sent, 0 to 1. */
  progress: number;
  /** Shown by a posted listing: only saving the edit takes it off (the server refuses to delete it directly). */
  attached: boolean;
}

export type WizardMode = 'create' | 'edit';

interface WizardStart {
  mode: WizardMode;
  /** The listing being edited, or the draft being resumed. */
  listingId: string | null;
  step: number;
  values: WizardValues;
  photos: WizardPhoto[];
  /** The tariff the listing had before this edit (already paid for). */
  paidTariff: 0 | 1 | null;
  /** An edit of an approved listing (on sale or taken off sale): what moderation approved, to warn before a change needing review. */
  approved: { onSale: boolean; reviewed: ReviewedListing } | null;
}

interface WizardState extends WizardStart {
  /** Which opening of the wizard page this state belongs to: every opening starts afresh. */
  session: string | null;
  /**
   * The id a new listing gets, chosen when the wizard opens (the draft's when one is resumed): a
   * draft save or a posting sent twice (a dropped connection, a lost answer) keeps one listing.
   */
  newListingId: string;
  errors: StepErrors;
  /** Why the latest photo was refused, in the reader's language: shown beside the add button, taking no slot. */
  photoRefusal: string | null;
  /** How many sellers picked the chosen device (known once picked in this wizard). */
  deviceSearchCount: number | null;
  /** The listing is posted (or the edit saved), with the server's words for it: nothing left to keep as a draft. */
  finished: { message: Translated; status: ListingStatus } | null;
  start: (session: string, start: WizardStart) => void;
  setValue: <Field extends keyof WizardValues>(field: Field, value: WizardValues[Field]) => void;
  /** Picks the device; a memory or colour choice it does not offer is dropped, a single one is taken. */
  setDevice: (device: Device, searchCount: number) => void;
  /** 'Boshqa model' (null leaves it): a typed model takes the device's place, with no memory or colour to choose. */
  setCustomModel: (customModel: WizardValues['customModel']) => void;
  setMemory: (option: { ram: string | null; storage: string | null }) => void;
  goTo: (step: number) => void;
  setErrors: (errors: StepErrors) => void;
  setDraftId: (id: string) => void;
  addPhoto: (photo: WizardPhoto) => void;
  updatePhoto: (localId: string, change: Partial<WizardPhoto>) => void;
  removePhoto: (localId: string) => void;
  /** The photo refused by the server leaves its slot; the seller is told why. */
  refusePhoto: (localId: string, reason: string | null) => void;
  insertPhoto: (photo: WizardPhoto, index: number) => void;
  finish: (finished: { message: Translated; status: ListingStatus }) => void;
}

function withoutError(errors: StepErrors, ...fields: string[]): StepErrors {
  if (!fields.some((field) => errors[field])) return errors;
  const rest = { ...errors };
  for (const field of fields) delete rest[field];
  return rest;
}

/** The create/edit wizard's state: the values of every step, the photos and where the seller is. */
export const useWizardStore = create<WizardState>()((set) => ({
  session: null,
  newListingId: '',
  mode: 'create',
  listingId: null,
  step: 0,
  values: {} as WizardValues,
  photos: [],
  paidTariff: null,
  approved: null,
  errors: {},
  photoRefusal: null,
  deviceSearchCount: null,
  finished: null,
  start: (session, start) =>
    set({ ...start, session, newListingId: start.listingId ?? crypto.randomUUID(), errors: {}, photoRefusal: null, deviceSearchCount: null, finished: null }),
  setValue: (field, value) =>
    set((state) => ({ values: { ...state.values, [field]: value }, errors: withoutError(state.errors, field) })),
  setDevice: (device, searchCount) =>
    set((state) => {
      const memory = deviceMemoryOptions(device);
      const colors = deviceColors(device);
      const same = state.values.device?._id === device._id;
      const keptMemory =
        memory.length === 1 ? memory[0] : same ? { ram: state.values.ram, storage: state.values.storage } : { ram: null, storage: null };
      const keptColor = colors.length === 1 ? colors[0] : same ? state.values.color : null;
      return {
        values: { ...state.values, device, customModel: null, ...keptMemory, color: keptColor },
        deviceSearchCount: searchCount,
        errors: withoutError(state.errors, 'device', 'memory', 'color'),
      };
    }),
  setCustomModel: (customModel) =>
    set((state) => ({
      values: { ...state.values, customModel, ...(customModel && { device: null, ram: null, storage: null, color: null }) },
      deviceSearchCount: customModel ? null : state.deviceSearchCount,
      errors: withoutError(state.errors, 'device', 'customModel'),
    })),
  setMemory: ({ ram, storage }) =>
    set((state) => ({ values: { ...state.values, ram, storage }, errors: withoutError(state.errors, 'memory') })),
  goTo: (step) => set({ step, errors: {} }),
  setErrors: (errors) => set({ errors }),
  setDraftId: (id) => set({ listingId: id }),
  addPhoto: (photo) => set((state) => ({ photos: [...state.photos, photo], photoRefusal: null, errors: withoutError(state.errors, 'images') })),
  updatePhoto: (localId, change) =>
    set((state) => ({ photos: state.photos.map((photo) => (photo.localId === localId ? { ...photo, ...change } : photo)) })),
  removePhoto: (localId) => set((state) => ({ photos: state.photos.filter((photo) => photo.localId !== localId) })),
  refusePhoto: (localId, reason) =>
    set((state) => ({ photos: state.photos.filter((photo) => photo.localId !== localId), photoRefusal: reason })),
  insertPhoto: (photo, index) =>
    set((state) => ({ photos: [...state.photos.slice(0, index), photo, ...state.photos.slice(index)] })),
  finish: (finished) => set({ finished }),
}));

/** Ids of the photos the server holds, in the seller's order. */
export function uploadedImageIds(photos: WizardPhoto[]): string[] {
  return photos.flatMap((photo) => (photo.image ? [photo.image._id] : []));
}
