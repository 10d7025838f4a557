import { deviceColors, deviceMemoryOptions, LIMITS, type SpecSection } from '@market/contracts';

/** The create wizard's steps (spec section 4). */
export const STEP = {
  device: 0,
  memory: 1,
  color: 2,
  price: 3,
  description: 4,
  contact: 5,
  region: 6,
  photos: 7,
  condition: 8,
  tariff: 9,
} as const;
export type StepName = keyof typeof STEP;
export const STEP_NAMES = Object.keys(STEP) as StepName[];
export const LAST_STEP = LIMITS.wizardLastStep;

type DeviceSpecs = { detailSpec: readonly SpecSection[] } | null;

/** The memory and colour steps ask only when the device offers more than one choice. */
export function stepApplies(step: number, device: DeviceSpecs): boolean {
  if (step === STEP.memory) return device !== null && deviceMemoryOptions(device).length > 1;
  if (step === STEP.color) return device !== null && deviceColors(device).length > 1;
  return true;
}

/** The step after `step`, jumping over steps that do not apply. */
export function nextStep(step: number, device: DeviceSpecs): number {
  let next = Math.min(step + 1, LAST_STEP);
  while (next < LAST_STEP && !stepApplies(next, device)) next += 1;
  return next;
}

/** The step before `step`, mirroring `nextStep`. */
export function previousStep(step: number, device: DeviceSpecs): number {
  let previous = Math.max(step - 1, 0);
  while (previous > 0 && !stepApplies(previous, device)) previous -= 1;
  return previous;
}

/** Where a resumed draft opens: its step, or the next one when that step no longer applies. */
export function resumeStep(step: number, device: DeviceSpecs): number {
  const within = Math.min(Math.max(Math.trunc(step), 0), LAST_STEP);
  // Nothing after the device step makes sense without a device.
  if (device === null) return STEP.device;
  return stepApplies(within, device) ? within : nextStep(within, device);
}

/** How many of the progress bar's 6 segments steps 0 to 9 fill: 1 at the start, all 6 at the tariff. */
export function filledSegments(step: number): number {
  return Math.ceil(((step + 1) * LIMITS.wizardProgressSegments) / (LAST_STEP + 1));
}

/** The listing form's fields each step asks for; their errors send the seller back to that step. */
const STEP_FIELDS: Record<StepName, readonly string[]> = {
  device: ['device', 'customModel', 'customModel.brand', 'customModel.name'],
  memory: ['memory', 'ram', 'storage'],
  color: ['color'],
  price: ['price', 'valut'],
  description: ['description'],
  contact: ['authorName', 'phoneNumber', 'telegramUsername', 'updateProfile'],
  region: ['region'],
  photos: ['images'],
  condition: ['condition', 'grade', 'battery', 'documents', 'delivery', 'imei', 'uzimeiRegistered', 'noInstalmentDebt'],
  tariff: ['tarif', 'step', 'draftId'],
};

export function fieldsOfStep(step: number): readonly string[] {
  return STEP_FIELDS[STEP_NAMES[step]];
}

/** The step that asks for `field` ('imei.1' is the imei field's; the tariff step for anything unknown). */
export function stepOfField(field: string): number {
  const name = STEP_NAMES.find((candidate) => STEP_FIELDS[candidate].includes(field.split('.')[0]));
  return name === undefined ? STEP.tariff : STEP[name];
}
