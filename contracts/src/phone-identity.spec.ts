import { listingQuerySchema } from './listing';
import { completeImei, imeiLast4, imeiListSchema, imeiSchema } from './phone-identity';

describe('the IMEI rule', () => {
  it('takes 15 digits passing the Luhn check, as typed with spaces or dashes', () => {
    expect(imeiSchema.parse('352099001761481')).toBe('352099001761481');
    expect(imeiSchema.parse('35 209900 176148 1')).toBe('352099001761481');
    expect(imeiSchema.parse('35-209900-176148-1')).toBe('352099001761481');
    expect(imeiSchema.parse(completeImei('49015420323751'))).toBe('490154203237518');
  });

  it.each([
    ['a wrong check digit', '352099001761482'],
    ['two swapped digits', '352099001761418'],
  ])('tells %s of 15 digits by its check digit, not by its length', (_case, imei) => {
    expect(imeiSchema.safeParse(imei).error?.issues.map((issue) => issue.message)).toEqual(['imeiCheckDigit']);
  });

  it.each([
    ['14 digits', '35209900176148'],
    ['16 digits', '3520990017614810'],
    ['a letter', '35209900176148A'],
    ['nothing', ''],
  ])('refuses %s with imeiInvalid', (_case, imei) => {
    expect(imeiSchema.safeParse(imei).error?.issues.map((issue) => issue.message)).toContain('imeiInvalid');
  });

  it('takes one or two different IMEIs, dropping a blank second field', () => {
    expect(imeiListSchema.parse(['352099001761481', ' '])).toEqual(['352099001761481']);
    expect(imeiListSchema.safeParse(['352099001761481', '352099001761481']).error?.issues[0].message).toBe('imeiRepeated');
    expect(
      imeiListSchema.safeParse([completeImei('35000000000001'), completeImei('35000000000002'), completeImei('35000000000003')]).error?.issues[0].message,
    ).toBe('imeiTooMany');
  });

  it('shows only the last four digits', () => {
    expect(imeiLast4('352099001761481')).toBe('1481');
  });
});

describe('the grade and battery filters of the feed address', () => {
  it('reads a grade in any case and a least battery health within 50-100, anything else as no filter', () => {
    expect(listingQuerySchema.parse({ grade: 'a', minBattery: '85' })).toMatchObject({ grade: 'A', minBattery: 85 });
    expect(listingQuerySchema.parse({ grade: 'D', minBattery: 'lots' })).toMatchObject({ grade: undefined, minBattery: undefined });
    expect(listingQuerySchema.parse({ minBattery: '150' })).toMatchObject({ minBattery: 100 });
    expect(listingQuerySchema.parse({ minBattery: '30' })).toMatchObject({ minBattery: undefined });
  });
});
