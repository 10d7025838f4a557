import { describe, expect, it } from 'vitest';
import type { SpecSection } from '@market/contracts';
import { filledSegments, nextStep, previousStep, resumeStep, STEP, stepOfField } from './wizard-steps';

function device(internal: string, colors: string): { detailSpec: SpecSection[] } {
  return {
    detailSpec: [
      { category: 'Memory', specifications: [{ name: 'Internal', value: internal }] },
      { category: 'Misc', specifications: [{ name: 'Colors', value: colors }] },
    ],
  };
}

const bothChoices = device('128GB 8GB RAM, 256GB 8GB RAM', 'Black, Mint');
const colourOnly = device('256GB 8GB RAM', 'Black, Mint');
const noChoice = device('256GB 8GB RAM', 'Black');

describe('wizard steps', () => {
  it('asks for memory and colour when the device offers several', () => {
    expect(nextStep(STEP.device, bothChoices)).toBe(STEP.memory);
    expect(nextStep(STEP.memory, bothChoices)).toBe(STEP.color);
    expect(previousStep(STEP.price, bothChoices)).toBe(STEP.color);
  });

  it('skips the memory step both ways when the device has one option', () => {
    expect(nextStep(STEP.device, colourOnly)).toBe(STEP.color);
    expect(previousStep(STEP.color, colourOnly)).toBe(STEP.device);
  });

  it('skips memory and colour both ways when neither is a choice', () => {
    expect(nextStep(STEP.device, noChoice)).toBe(STEP.price);
    expect(previousStep(STEP.price, noChoice)).toBe(STEP.device);
  });

  it('never goes past the tariff step or before the device step', () => {
    expect(nextStep(STEP.tariff, noChoice)).toBe(STEP.tariff);
    expect(previousStep(STEP.device, noChoice)).toBe(STEP.device);
  });

  it('resumes a draft at its step, moving on from a step that no longer applies', () => {
    expect(resumeStep(STEP.description, noChoice)).toBe(STEP.description);
    expect(resumeStep(STEP.memory, noChoice)).toBe(STEP.price);
    expect(resumeStep(STEP.region, null)).toBe(STEP.device);
  });

  it('fills the 6 progress segments over the 10 steps', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(filledSegments)).toEqual([1, 2, 2, 3, 3, 4, 5, 5, 6, 6]);
  });

  it("sends a server's field error back to the step that asks for it", () => {
    expect(stepOfField('images')).toBe(STEP.photos);
    expect(stepOfField('telegramUsername')).toBe(STEP.contact);
    expect(stepOfField('memory')).toBe(STEP.memory);
    expect(stepOfField('somethingElse')).toBe(STEP.tariff);
  });
});
