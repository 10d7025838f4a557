import { describe, expect, it } from 'vitest';
import type { Device } from '@market/contracts';
import {
  descriptionAsTyped,
  firstInvalidStep,
  initialValues,
  listingDraftInput,
  listingFormInput,
  stepErrors,
  stepOfServerFields,
  valuesFromListing,
  type WizardValues,
} from './wizard-form';
import { STEP } from './wizard-steps';

const phone: Device = {
  _id: '5b0e7c4e-8f0a-4b7e-9b55-3c9f0f6d2a11',
  name: 'Samsung Galaxy S23 FE',
  category: '0d4c3f1e-2a7b-4c59-8e3d-1f2a3b4c5d6e',
  img: null,
  quickSpec: [],
  detailSpec: [
    { category: 'Memory', specifications: [{ name: 'Internal', value: '128GB 8GB RAM, 256GB 8GB RAM' }] },
    { category: 'Misc', specifications: [{ name: 'Colors', value: 'Mint, Cream' }] },
  ],
  specsRefreshedAt: null,
};
const imageId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const seller = { name: 'Aziz', phoneNumber: '998901234567', telegramUsername: null, isAdmin: false };

function filled(change: Partial<WizardValues> = {}): WizardValues {
  return {
    ...initialValues(seller),
    device: phone,
    ram: '8GB',
    storage: '256GB',
    color: 'Mint',
    price: '3500000',
    description: 'Yaxshi holatda',
    region: 'toshkent',
    imei: ['352099001761481', ''],
    uzimeiRegistered: true,
    noInstalmentDebt: true,
    grade: 'A',
    ...change,
  };
}

const context = { isAdmin: false, images: [imageId], step: STEP.tariff };

describe('wizard form', () => {
  it('starts as the spec says: used, so\'m, the basic tariff, the profile updated for a user but not for an admin', () => {
    const values = initialValues(seller);
    expect(values).toMatchObject({ condition: false, valut: 'uzs', tarif: 0, updateProfile: true, authorName: 'Aziz', phoneNumber: '' });
    expect(initialValues({ ...seller, isAdmin: true })).toMatchObject({ updateProfile: false, phoneNumber: '998901234567' });
  });

  it('cuts a description at 200 characters and says it did', () => {
    expect(descriptionAsTyped('a'.repeat(200))).toEqual({ description: 'a'.repeat(200), cut: false });
    expect(descriptionAsTyped('a'.repeat(201))).toEqual({ description: 'a'.repeat(200), cut: true });
  });

  it('asks each step only for its own fields, with the server schema\'s message keys', () => {
    const empty = filled({ price: '', description: '', region: '' });
    expect(stepErrors(STEP.price, empty, context)).toEqual({ price: 'required' });
    expect(stepErrors(STEP.description, empty, context)).toEqual({ description: 'required' });
    expect(stepErrors(STEP.region, empty, context)).toEqual({ region: 'required' });
    expect(stepErrors(STEP.photos, empty, { ...context, images: [] })).toEqual({ images: 'photosMin' });
    expect(stepErrors(STEP.contact, filled({ telegramUsername: 'ab' }), context)).toEqual({ telegramUsername: 'invalidTelegramUsername' });
  });

  it('requires a memory and a colour choice only when the device offers several', () => {
    expect(stepErrors(STEP.memory, filled({ ram: null, storage: null }), context)).toEqual({ memory: 'required' });
    expect(stepErrors(STEP.color, filled({ color: null }), context)).toEqual({ color: 'required' });
    expect(stepErrors(STEP.memory, filled(), context)).toEqual({});
  });

  it('asks the condition step for the IMEI, the UZIMEI answer, the declaration and a used phone\'s grade and battery', () => {
    const unanswered = filled({ imei: ['', ''], uzimeiRegistered: null, noInstalmentDebt: false, grade: null });
    expect(stepErrors(STEP.condition, unanswered, context)).toEqual({
      imei: 'required',
      uzimeiRegistered: 'required',
      noInstalmentDebt: 'instalmentDeclarationRequired',
      grade: 'required',
    });
    expect(stepErrors(STEP.condition, filled({ imei: ['352099001761481', '352099001761482'], battery: '40' }), context)).toEqual({
      'imei.1': 'imeiCheckDigit',
      battery: 'batteryRange',
    });
    // A new phone has no grade or battery to give.
    expect(stepErrors(STEP.condition, filled({ condition: true, grade: null, battery: '40' }), context)).toEqual({});
    expect(stepOfServerFields({ 'imei.0': 'imeiInvalid' })).toBe(STEP.condition);
  });

  it('leaves an IMEI or a battery still being typed out of a draft', () => {
    const draft = listingDraftInput(filled({ imei: ['352099001761481', '3520'], battery: '9' }), { ...context, step: STEP.condition });
    expect(draft).toMatchObject({ imei: ['352099001761481'], battery: null, uzimeiRegistered: true, noInstalmentDebt: true, grade: 'A' });
  });

  it('finds the first step to fix before posting', () => {
    expect(firstInvalidStep(filled(), context)).toBeNull();
    expect(firstInvalidStep(filled({ description: '' }), { ...context, images: [] })).toEqual({
      step: STEP.description,
      errors: { description: 'required' },
    });
  });

  it("takes a model typed within a brand ('Boshqa model') in the device's place, refusing a bad name or no brand", () => {
    const typed = (brand: string, name: string) => filled({ device: null, ram: null, storage: null, color: null, customModel: { brand, name } });
    expect(stepErrors(STEP.device, typed(phone.category, 'Spark 40 Pro+'), context)).toEqual({});
    expect(firstInvalidStep(typed(phone.category, 'Spark 40 Pro+'), context)).toBeNull();
    expect(listingFormInput(typed(phone.category, 'Spark 40'), context)).toMatchObject({ device: '', customModel: { brand: phone.category, name: 'Spark 40' } });
    expect(stepErrors(STEP.device, typed(phone.category, 'S'), context)).toEqual({ customModel: 'customModelName' });
    expect(stepErrors(STEP.device, typed(phone.category, 'Spark <40>'), context)).toEqual({ customModel: 'customModelName' });
    expect(stepErrors(STEP.device, typed('', 'Spark 40'), context)).toEqual({ customModel: 'customModelBrand' });
    expect(stepErrors(STEP.device, filled({ device: null }), context)).toEqual({ device: 'required' });
  });

  it('sends the contact phone only for an admin who typed one', () => {
    expect(listingFormInput(filled({ phoneNumber: '998907654321' }), context).phoneNumber).toBeUndefined();
    const admin = { ...context, isAdmin: true };
    expect(listingFormInput(filled({ phoneNumber: '998' }), admin).phoneNumber).toBeUndefined();
    expect(listingFormInput(filled({ phoneNumber: '998907654321' }), admin).phoneNumber).toBe('998907654321');
  });

  it('sends a new phone with its box and documents, as the server stores it, whatever the hidden question held', () => {
    expect(listingFormInput(filled({ condition: true, documents: false }), context).documents).toBe(true);
    expect(listingFormInput(filled({ condition: false, documents: true }), context).documents).toBe(true);
    expect(listingFormInput(filled({ condition: false, documents: false }), context).documents).toBe(false);
    expect(listingFormInput(filled({ condition: true, grade: 'A', battery: '90' }), context)).toMatchObject({ grade: null, battery: null });
  });

  it('keeps the step reached in a draft, with nothing chosen as null', () => {
    const draft = listingDraftInput({ ...initialValues(seller), device: phone }, { ...context, images: [], step: STEP.price });
    expect(draft).toMatchObject({ device: phone._id, step: STEP.price, price: '', images: [] });
    expect(draft).not.toHaveProperty('updateProfile');
  });

  it('puts a saved draft back into the inputs, with the seller\'s name when it had none', () => {
    const values = valuesFromListing(
      {
        device: phone._id,
        customModel: null,
        ram: '8GB',
        storage: '256GB',
        color: null,
        price: 450,
        valut: 'usd',
        description: null,
        authorName: null,
        phoneNumber: null,
        telegramUsername: null,
        region: null,
        images: [],
        condition: false,
        documents: true,
        delivery: false,
        imei: ['352099001761481'],
        uzimeiRegistered: false,
        noInstalmentDebt: true,
        grade: 'B',
        battery: 87,
        tarif: 0,
        step: STEP.description,
      },
      phone,
      seller,
    );
    expect(values).toMatchObject({ price: '450', valut: 'usd', description: '', authorName: 'Aziz', region: '', documents: true, updateProfile: true });
    expect(values).toMatchObject({ imei: ['352099001761481', ''], uzimeiRegistered: false, noInstalmentDebt: true, grade: 'B', battery: '87' });
  });
});
