import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  cardBrand,
  cardFormFields,
  cardMessages,
  cardNameField,
  cardNumberField,
  cvcField,
  expMonthField,
  expYearField,
  isCardExpired,
  localPaymentMethodBody,
  parseCardExpiry,
  passesLuhn,
  postalCodeField,
} from './payments.js';

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('passesLuhn', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['4000000000009995', true],
    ['4000000000000341', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['4000000000000001', false],
    ['42424242a4242424', false],
  ])('%s -> %s', (digits, passes) => {
    expect(passesLuhn(digits)).toBe(passes);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['6445644564456445', 'discover'],
    ['3056930009020004', 'diners'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('cardNumberField', () => {
  it.each([
    ['4242424242424242', '4242424242424242'],
    ['4242 4242 4242 4242', '4242424242424242'],
    ['4000-0000-0000-0002', '4000000000000002'],
    ['378282246310005', '378282246310005'],
  ])('accepts %j as %j', (input, digits) => {
    expect(cardNumberField.parse(input)).toBe(digits);
  });

  it.each([
    ['fails the Luhn check', '4242424242424241'],
    ['too short', '42424242424'],
    ['too long', '42424242424242424242'],
    ['letters', '4242abcd42424242'],
    ['empty', ''],
    ['a number, not a string', 4242424242424242],
    ['missing', undefined],
  ])('rejects %s with the number message', (_case, input) => {
    expect(messagesOf(cardNumberField, input)).toEqual([cardMessages.number]);
  });
});

describe('expiry fields', () => {
  it.each([
    [1, 1],
    ['12', 12],
    [' 7 ', 7],
  ])('month %j is %j', (input, month) => {
    expect(expMonthField.parse(input)).toBe(month);
  });

  it.each([[0], [13], ['1.5'], [1.5], ['ab'], [''], [null]])('month %j is refused', (input) => {
    expect(messagesOf(expMonthField, input)).toEqual([cardMessages.expiry]);
  });

  it.each([
    [2031, 2031],
    ['2031', 2031],
    [31, 2031],
    ['31', 2031],
  ])('year %j is %j', (input, year) => {
    expect(expYearField.parse(input)).toBe(year);
  });

  it.each([[1999], [100], ['20311'], [-1], ['x']])('year %j is refused', (input) => {
    expect(messagesOf(expYearField, input)).toEqual([cardMessages.expiry]);
  });

  it.each([
    ['this month is still good', 6, 2026, false],
    ['last month has passed', 5, 2026, true],
    ['last year has passed', 12, 2025, true],
    ['a two-digit year', 7, 26, false],
    ['next year', 1, 2027, false],
  ])('isCardExpired in June 2026: %s', (_case, month, year, expired) => {
    expect(isCardExpired(month, year, new Date('2026-06-30T23:59:59Z'))).toBe(expired);
  });
});

describe('cvc, name and postal code', () => {
  it.each([['123'], ['1234'], [' 123 ']])('cvc %j passes', (input) => {
    expect(messagesOf(cvcField, input)).toEqual([]);
  });
  it.each([['12'], ['12345'], ['12a'], [''], [123], [undefined]])('cvc %j is refused', (input) => {
    expect(messagesOf(cvcField, input)).toEqual([cardMessages.cvc]);
  });

  it.each([['Ada Lovelace'], ['  A  ']])('cardName %j passes', (input) => {
    expect(messagesOf(cardNameField, input)).toEqual([]);
  });
  it.each([[''], ['   '], ['x'.repeat(101)], [undefined], [7]])('cardName %j is refused', (input) => {
    expect(messagesOf(cardNameField, input)).toEqual([cardMessages.cardName]);
  });

  it.each([['10001'], ['10001-1234'], [' 94103 ']])('postalCode %j passes (#####(-####))', (input) => {
    expect(messagesOf(postalCodeField, input)).toEqual([]);
  });
  it.each([['1000'], ['100011'], ['10001-123'], ['10001 1234'], ['ABCDE'], ['SW1A 1AA'], [''], [10001], [undefined]])(
    'postalCode %j is refused',
    (input) => {
      expect(messagesOf(postalCodeField, input)).toEqual([cardMessages.postalCode]);
    },
  );
});

describe('localPaymentMethodBody (against the clock, pinned to June 2026)', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const card = {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
    cardName: 'Ada Lovelace',
    postalCode: '10001',
  };

  it('accepts a good card and normalises it', () => {
    expect(localPaymentMethodBody.parse({ ...card, expMonth: '06', expYear: '26' })).toEqual({
      ...card,
      number: '4242424242424242',
      expMonth: 6,
      expYear: 2026,
    });
  });

  it('refuses a card that expired last month, on expYear', () => {
    const result = localPaymentMethodBody.safeParse({ ...card, expMonth: 5, expYear: 2026 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['expYear', cardMessages.expired],
    ]);
  });

  it('names every bad field at once', () => {
    const result = localPaymentMethodBody.safeParse({ number: '1234', cvc: '1', postalCode: 'x' });
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      number: cardMessages.number,
      expMonth: cardMessages.expiry,
      expYear: cardMessages.expiry,
      cvc: cardMessages.cvc,
      cardName: cardMessages.cardName,
      postalCode: cardMessages.postalCode,
    });
  });
});

describe('the web card form (cardFormFields, clock pinned to June 2026)', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const form = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', cardName: 'Ada', postalCode: '10001' };

  it.each([
    ['12/30', { expMonth: 12, expYear: 2030 }],
    [' 6 / 2027 ', { expMonth: 6, expYear: 2027 }],
    ['13/30', null],
    ['0/30', null],
    ['12-30', null],
    ['1230', null],
  ])('reads the expiry %j', (typed, expected) => {
    expect(parseCardExpiry(typed)).toEqual(expected);
  });

  it('parses to the body of the local payment-methods call', () => {
    expect(cardFormFields.parse(form)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      cardName: 'Ada',
      postalCode: '10001',
    });
  });

  it("names each bad field with the form's messages", () => {
    const result = cardFormFields.safeParse({
      number: '4242',
      expiry: '5/26',
      cvc: 'x',
      cardName: ' ',
      postalCode: '1',
    });
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      number: cardMessages.number,
      expiry: cardMessages.expired,
      cvc: cardMessages.cvc,
      cardName: cardMessages.cardName,
      postalCode: cardMessages.postalCode,
    });
    expect(messagesOf(cardFormFields, { ...form, expiry: '14/30' })).toEqual([cardMessages.expiry]);
  });
});
