// src/domain/delivery.ts against hand-written tables: CEP ranges from the Correios' table, prices worked out on
// paper from the module's rate card and weights, windows counted on a calendar (national holidays of 2026–27:
// 2 Nov, 15 Nov, 20 Nov, 25 Dec, 1 Jan, Good Friday 26 Mar 2027). No expected value is read back from the code.
import { describe, expect, it } from 'vitest';
import {
  addBrazilianBusinessDays,
  ADDRESS_MESSAGES,
  brasiliaDay,
  CEP_MESSAGES,
  DELIVERY_MESSAGES,
  formatAddressLine,
  formatCep,
  formatDeliveryDay,
  formatDeliveryPrice,
  formatDeliveryWindow,
  formatOrderDelivery,
  isDeliveryService,
  isUf,
  optionOf,
  orderDeliveryFrom,
  parcelWeightGrams,
  parseCep,
  quoteDelivery,
  ufOfCep,
  unitWeightGrams,
  UFS,
  validateAddress,
  zoneOfUf,
  type DeliveryQuote,
  type OrderDelivery,
  type ParcelLine,
} from '../../src/domain/delivery';
import { anAddress } from '../support/builders';

/** Intl and formatBRL put no-break spaces where a reader hears a space. */
const spaces = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');
/** Noon in Brasília (15:00 UTC) on a calendar day. */
const noonBrasilia = (day: string) => Date.parse(`${day}T15:00:00Z`);
const line = (categoryId: string | null, quantity = 1, unitAmount = 100): ParcelLine => ({
  categoryId,
  quantity,
  unitAmount,
});

function quote(
  cep: string,
  lines: readonly ParcelLine[],
  day = '2026-11-18',
  freeEconomicaFrom?: number,
): DeliveryQuote {
  const result = quoteDelivery({
    cep,
    lines,
    now: noonBrasilia(day),
    ...(freeEconomicaFrom === undefined ? {} : { freeEconomicaFrom }),
  });
  if (!result.ok) throw new Error(`expected a quote, got: ${result.error}`);
  return result.quote;
}

describe('parseCep', () => {
  it.each([
    ['01310-100', '01310100', 'SP'],
    ['01310100', '01310100', 'SP'],
    [' 01310-100 ', '01310100', 'SP'],
    ['\t20040-020\n', '20040020', 'RJ'],
    ['99999-999', '99999999', 'RS'],
  ])('accepts %j as %s (%s)', (input, cep, uf) => {
    expect(parseCep(input)).toEqual({ ok: true, cep, uf });
  });

  it.each([
    ['abc', CEP_MESSAGES.invalid],
    ['0131010', CEP_MESSAGES.invalid],
    ['013101000', CEP_MESSAGES.invalid],
    ['0131-0100', CEP_MESSAGES.invalid],
    ['01310-1000', CEP_MESSAGES.invalid],
    ['01.310-100', CEP_MESSAGES.invalid],
    ['01310 100', CEP_MESSAGES.invalid],
    ['01310–100', CEP_MESSAGES.invalid], // an en dash, not a hyphen
    ['01310-10😀', CEP_MESSAGES.invalid],
    ['😀01310-100', CEP_MESSAGES.invalid],
    ['٠١٣١٠١٠٠', CEP_MESSAGES.invalid], // Arabic-Indic digits
    ['00000-000', CEP_MESSAGES.invalid],
    ['00000000', CEP_MESSAGES.invalid],
    ['00999-999', CEP_MESSAGES.unknown],
    ['00001-000', CEP_MESSAGES.unknown],
    ['78900-000', CEP_MESSAGES.unknown], // between MT (to 78899) and MS (from 79000)
    ['', CEP_MESSAGES.required],
    ['   ', CEP_MESSAGES.required],
    [undefined, CEP_MESSAGES.required],
    [null, CEP_MESSAGES.required],
    [1310100, CEP_MESSAGES.required],
  ])('refuses %j: %s', (input, error) => {
    expect(parseCep(input)).toEqual({ ok: false, error });
  });

  it('says the messages in pt-BR', () => {
    expect(CEP_MESSAGES).toEqual({
      required: 'Informe o CEP.',
      invalid: 'CEP inválido. Use 8 números, como 01310-100.',
      unknown: 'Não encontramos este CEP nas faixas dos Correios. Confira os números.',
    });
  });
});

describe('ufOfCep at the edges of the Correios ranges', () => {
  it.each([
    ['00999999', null],
    ['01000000', 'SP'],
    ['19999999', 'SP'],
    ['20000000', 'RJ'],
    ['28999999', 'RJ'],
    ['29000000', 'ES'],
    ['29999999', 'ES'],
    ['30000000', 'MG'],
    ['39999999', 'MG'],
    ['40000000', 'BA'],
    ['48999999', 'BA'],
    ['49000000', 'SE'],
    ['50000000', 'PE'],
    ['56999999', 'PE'],
    ['57000000', 'AL'],
    ['58000000', 'PB'],
    ['59000000', 'RN'],
    ['60000000', 'CE'],
    ['63999999', 'CE'],
    ['64000000', 'PI'],
    ['65000000', 'MA'],
    ['66000000', 'PA'],
    ['68899999', 'PA'],
    ['68900000', 'AP'],
    ['68999999', 'AP'],
    ['69000000', 'AM'],
    ['69299999', 'AM'],
    ['69300000', 'RR'],
    ['69399999', 'RR'],
    ['69400000', 'AM'],
    ['69899999', 'AM'],
    ['69900000', 'AC'],
    ['69999999', 'AC'],
    ['70000000', 'DF'],
    ['72799999', 'DF'],
    ['72800000', 'GO'],
    ['72999999', 'GO'],
    ['73000000', 'DF'],
    ['73699999', 'DF'],
    ['73700000', 'GO'],
    ['76799999', 'GO'],
    ['76800000', 'RO'],
    ['76999999', 'RO'],
    ['77000000', 'TO'],
    ['77999999', 'TO'],
    ['78000000', 'MT'],
    ['78899999', 'MT'],
    ['78900000', null],
    ['78999999', null],
    ['79000000', 'MS'],
    ['79999999', 'MS'],
    ['80000000', 'PR'],
    ['87999999', 'PR'],
    ['88000000', 'SC'],
    ['89999999', 'SC'],
    ['90000000', 'RS'],
    ['99999999', 'RS'],
  ])('%s → %s', (cep, uf) => {
    expect(ufOfCep(cep)).toBe(uf);
  });

  it('only reads 8 digits', () => {
    for (const cep of ['01310-100', '0131010', '013101000', '', 'abcdefgh']) expect(ufOfCep(cep)).toBeNull();
  });

  it('formats 8 digits with the hyphen', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('99999999')).toBe('99999-999');
  });
});

describe('states and zones', () => {
  it('knows the 27 units of the federation', () => {
    expect([...UFS].sort()).toEqual([
      'AC',
      'AL',
      'AM',
      'AP',
      'BA',
      'CE',
      'DF',
      'ES',
      'GO',
      'MA',
      'MG',
      'MS',
      'MT',
      'PA',
      'PB',
      'PE',
      'PI',
      'PR',
      'RJ',
      'RN',
      'RO',
      'RR',
      'RS',
      'SC',
      'SE',
      'SP',
      'TO',
    ]);
    expect(isUf('SP')).toBe(true);
    for (const value of ['sp', 'XX', '', 'SPX', 35, null]) expect(isUf(value)).toBe(false);
  });

  it('puts SP apart and every other state in its IBGE region', () => {
    const zones: Record<string, string[]> = {
      SP: ['SP'],
      SE: ['ES', 'MG', 'RJ'],
      S: ['PR', 'RS', 'SC'],
      CO: ['DF', 'GO', 'MS', 'MT'],
      NE: ['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE'],
      N: ['AC', 'AM', 'AP', 'PA', 'RO', 'RR', 'TO'],
    };
    for (const [zone, ufs] of Object.entries(zones))
      for (const uf of ufs) expect([uf, zoneOfUf(uf as never)]).toEqual([uf, zone]);
    expect(Object.values(zones).flat()).toHaveLength(27);
  });

  it('knows the two services', () => {
    expect(isDeliveryService('economica')).toBe(true);
    expect(isDeliveryService('expressa')).toBe(true);
    for (const value of ['sedex', 'Expressa', '', null]) expect(isDeliveryService(value)).toBe(false);
  });
});

describe('parcel weight', () => {
  it.each([
    ['jackets', 1200],
    ['sneakers', 1100],
    ['male', 450],
    ['female', 450],
    ['hats', 250],
    ['acessorios', 600],
    ['toString', 600],
    ['__proto__', 600],
    [null, 600],
    [undefined, 600],
  ])('one unit of %s weighs %i g', (categoryId, grams) => {
    expect(unitWeightGrams(categoryId)).toBe(grams);
  });

  it('adds 200 g of packaging once per parcel', () => {
    expect(parcelWeightGrams([])).toBe(200);
    expect(parcelWeightGrams([line('jackets')])).toBe(1400);
    expect(parcelWeightGrams([line('sneakers', 2), line('hats', 3)])).toBe(200 + 2200 + 750);
  });
});

describe('quoteDelivery: prices per zone and weight', () => {
  // weight → extra 500 g steps beyond the first kilo → base + steps × per500g, for Econômica and Expressa.
  it.each([
    ['SP, one jacket: 1,400 g, 1 step', '01310-100', [line('jackets')], 1400, 1590 + 250, 2490 + 400],
    ['SP, one cap: 450 g, no step', '04538-132', [line('hats')], 450, 1590, 2490],
    ['SP, four caps: 1,200 g, 1 step', '13083-970', [line('hats', 4)], 1200, 1840, 2890],
    [
      'RJ, shirt + unknown + cap: exactly 1,500 g, 1 step',
      '20040-020',
      [line('male'), line('acessorios'), line('hats')],
      1500,
      1990 + 350,
      2990 + 500,
    ],
    ['MG, two dresses: 1,100 g, 1 step', '30130-010', [line('female', 2)], 1100, 2340, 3490],
    [
      'PR, jacket + no category: exactly 2,000 g, 2 steps',
      '80010-000',
      [line('jackets'), line(null)],
      2000,
      2290 + 800,
      3490 + 1200,
    ],
    [
      'DF, unknown + five caps: 2,050 g, 3 steps',
      '70040-010',
      [line('acessorios'), line('hats', 5)],
      2050,
      2690 + 1350,
      3990 + 2100,
    ],
    ['BA, two pairs of sneakers: 2,400 g, 3 steps', '40010-000', [line('sneakers', 2)], 2400, 2990 + 1650, 4490 + 2400],
    ['AM, three jackets: 3,800 g, 6 steps', '69005-000', [line('jackets', 3)], 3800, 3490 + 3900, 5290 + 5700],
    ['RR (inside AM), one cap: 450 g', '69301-000', [line('hats')], 450, 3490, 5290],
  ] as const)('%s', (_name, cep, lines, weightGrams, economica, expressa) => {
    const result = quote(cep, lines);
    expect(result.weightGrams).toBe(weightGrams);
    expect(result.options.map((option) => [option.service, option.amount])).toEqual([
      ['economica', economica],
      ['expressa', expressa],
    ]);
  });

  it('the whole quote for one jacket to São Paulo on Wed 18 Nov 2026 (Fri 20 Nov is a holiday)', () => {
    expect(quote('01310-100', [line('jackets', 1, 19990)])).toEqual({
      cep: '01310100',
      uf: 'SP',
      zone: 'SP',
      weightGrams: 1400,
      subtotal: 19990,
      quotedOn: '2026-11-18',
      options: [
        {
          service: 'economica',
          name: 'Econômica',
          amount: 1840,
          free: false,
          businessDays: { min: 2, max: 4 },
          window: { from: '2026-11-24', to: '2026-11-26' },
        },
        {
          service: 'expressa',
          name: 'Expressa',
          amount: 2890,
          free: false,
          businessDays: { min: 1, max: 2 },
          window: { from: '2026-11-23', to: '2026-11-24' },
        },
      ],
    });
  });

  it('optionOf picks one service', () => {
    const result = quote('01310-100', [line('jackets')]);
    expect(optionOf(result, 'expressa').amount).toBe(2890);
    expect(optionOf(result, 'economica').amount).toBe(1840);
  });

  it.each([
    ['abc', [line('hats')], CEP_MESSAGES.invalid],
    ['00999-999', [line('hats')], CEP_MESSAGES.unknown],
    ['', [line('hats')], CEP_MESSAGES.required],
    ['01310-100', [], DELIVERY_MESSAGES.emptyParcel],
    ['01310-100', [line('hats', 0)], DELIVERY_MESSAGES.emptyParcel],
    ['01310-100', [line('hats', -1)], DELIVERY_MESSAGES.emptyParcel],
    ['01310-100', [line('hats', 1.5)], DELIVERY_MESSAGES.emptyParcel],
    ['01310-100', [line('hats'), line('jackets', 0)], DELIVERY_MESSAGES.emptyParcel],
  ] as const)('refuses %j with %j', (cep, lines, error) => {
    expect(quoteDelivery({ cep, lines, now: noonBrasilia('2026-11-18') })).toEqual({ ok: false, error });
  });

  it('says the delivery messages in pt-BR', () => {
    expect(DELIVERY_MESSAGES.emptyParcel).toBe('Adicione um produto para calcular o frete.');
  });
});

describe('free Econômica', () => {
  const freeness = (subtotal: number, freeEconomicaFrom?: number) =>
    quote('01310-100', [line('jackets', 1, subtotal)], '2026-11-18', freeEconomicaFrom).options.map((option) => [
      option.service,
      option.amount,
      option.free,
    ]);

  it('from R$ 299,00 of products; Expressa is always paid', () => {
    expect(freeness(29_899)).toEqual([
      ['economica', 1840, false],
      ['expressa', 2890, false],
    ]);
    expect(freeness(29_900)).toEqual([
      ['economica', 0, true],
      ['expressa', 2890, false],
    ]);
    expect(freeness(100_000)).toEqual([
      ['economica', 0, true],
      ['expressa', 2890, false],
    ]);
  });

  it('counts every unit of every line', () => {
    const result = quote('01310-100', [line('hats', 2, 10_000), line('male', 1, 9_900)]);
    expect(result.subtotal).toBe(29_900);
    expect(optionOf(result, 'economica')).toMatchObject({ amount: 0, free: true });
  });

  it('from a threshold of our choosing', () => {
    expect(freeness(29_900, 50_000)[0]).toEqual(['economica', 1840, false]);
    expect(freeness(49_999, 50_000)[0]).toEqual(['economica', 1840, false]);
    expect(freeness(50_000, 50_000)[0]).toEqual(['economica', 0, true]);
    expect(freeness(1, 0)[0]).toEqual(['economica', 0, true]);
  });
});

describe('delivery windows on the calendar', () => {
  const windows = (cep: string, day: string) =>
    quote(cep, [line('hats')], day).options.map((option) => [option.service, option.window.from, option.window.to]);

  it('skips Consciência Negra (Fri 20 Nov 2026) and the weekend after it', () => {
    // From Wed 18: Thu 19 (1), Mon 23 (2), Tue 24 (3), Wed 25 (4), Thu 26 (5).
    expect(windows('01310-100', '2026-11-18')).toEqual([
      ['economica', '2026-11-24', '2026-11-26'],
      ['expressa', '2026-11-23', '2026-11-24'],
    ]);
    // North, 1 + 8 to 1 + 12 business days: … Thu 26 (5), Fri 27 (6), Mon 30 (7), Tue 1 (8), Wed 2 (9) … Tue 8 Dec (13).
    expect(windows('69005-000', '2026-11-18')).toEqual([
      ['economica', '2026-12-02', '2026-12-08'],
      ['expressa', '2026-11-26', '2026-12-01'],
    ]);
  });

  it('skips Finados (Mon 2 Nov 2026)', () => {
    // From Fri 30 Oct: Tue 3 (1), Wed 4 (2), Thu 5 (3).
    expect(windows('01310-100', '2026-10-30')[1]).toEqual(['expressa', '2026-11-04', '2026-11-05']);
  });

  it('skips Christmas and New Year (24 and 31 Dec are working days)', () => {
    // From Tue 22 Dec: Wed 23 (1), Thu 24 (2), Mon 28 (3), Tue 29 (4), Wed 30 (5), Thu 31 (6), Mon 4 Jan (7),
    // Tue 5 (8), Wed 6 (9), Thu 7 (10), Fri 8 (11), Mon 11 (12), Tue 12 (13).
    expect(windows('69005-000', '2026-12-22')).toEqual([
      ['economica', '2027-01-06', '2027-01-12'],
      ['expressa', '2026-12-30', '2027-01-05'],
    ]);
    expect(windows('01310-100', '2026-12-22')).toEqual([
      ['economica', '2026-12-28', '2026-12-30'],
      ['expressa', '2026-12-24', '2026-12-28'],
    ]);
  });

  it('skips Good Friday (26 Mar 2027)', () => {
    // From Wed 24 Mar: Thu 25 (1), Mon 29 (2), Tue 30 (3).
    expect(windows('01310-100', '2027-03-24')[1]).toEqual(['expressa', '2027-03-29', '2027-03-30']);
  });

  it('a quote on Friday, Saturday or Sunday starts counting on Monday', () => {
    // Mon 30 Nov (1), Tue 1 Dec (2), Wed 2 Dec (3).
    for (const day of ['2026-11-27', '2026-11-28', '2026-11-29']) {
      expect([day, windows('01310-100', day)[1]]).toEqual([day, ['expressa', '2026-12-01', '2026-12-02']]);
    }
  });

  it("counts from Brasília's day, not UTC's", () => {
    const at = (iso: string) => {
      const result = quoteDelivery({ cep: '01310-100', lines: [line('hats')], now: Date.parse(iso) });
      return result.ok ? [result.quote.quotedOn, optionOf(result.quote, 'expressa').window.from] : result.error;
    };
    expect(at('2026-11-19T02:59:59.999Z')).toEqual(['2026-11-18', '2026-11-23']); // 23:59 on Wed 18 in Brasília
    expect(at('2026-11-19T03:00:00.000Z')).toEqual(['2026-11-19', '2026-11-24']); // midnight of Thu 19
    expect(brasiliaDay(Date.parse('2027-01-01T02:00:00Z'))).toBe('2026-12-31');
  });

  it('addBrazilianBusinessDays directly, and outside the supported years', () => {
    expect(addBrazilianBusinessDays('2026-11-19', 1)).toBe('2026-11-23');
    expect(addBrazilianBusinessDays('2026-12-31', 1)).toBe('2027-01-04');
    expect(addBrazilianBusinessDays('2026-02-27', 1)).toBe('2026-03-02');
    expect(() => addBrazilianBusinessDays('2099-12-31', 1)).toThrow(RangeError);
  });
});

describe('formatDeliveryDay', () => {
  it('matches Intl pt-BR (short weekday and month) on every day of 2026 and of leap 2028', () => {
    const intl = new Intl.DateTimeFormat('pt-BR', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    let days = 0;
    for (const year of [2026, 2028]) {
      for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += 86_400_000) {
        const day = new Date(time).toISOString().slice(0, 10);
        expect([day, spaces(formatDeliveryDay(day))]).toEqual([day, spaces(intl.format(time))]);
        days += 1;
      }
    }
    expect(days).toBe(365 + 366);
  });

  it.each([
    ['2026-12-03', 'qui., 3 de dez.'],
    ['2026-12-07', 'seg., 7 de dez.'],
    ['2026-05-02', 'sáb., 2 de mai.'],
    ['2026-03-01', 'dom., 1 de mar.'],
    ['2028-02-29', 'ter., 29 de fev.'],
  ])('%s → %s', (day, text) => {
    expect(formatDeliveryDay(day)).toBe(text);
  });

  it('windows and prices read aloud', () => {
    expect(formatDeliveryWindow({ from: '2026-12-03', to: '2026-12-07' })).toBe(
      'Chega entre qui., 3 de dez. e seg., 7 de dez.',
    );
    expect(formatDeliveryWindow({ from: '2026-12-04', to: '2026-12-04' })).toBe('Chega em sex., 4 de dez.');
    expect(formatDeliveryPrice({ amount: 0 })).toBe('Grátis');
    expect(spaces(formatDeliveryPrice({ amount: 3490 }))).toBe('R$ 34,90');
    expect(spaces(formatDeliveryPrice({ amount: 123456 }))).toBe('R$ 1.234,56');
  });
});

describe('validateAddress', () => {
  /** As the form posts it: Ana Souza, Rua Augusta, 100 — São Paulo/SP, the CEP with its hyphen. */
  const valid = { ...anAddress().build(), cep: '01310-100' };

  it('accepts a full address, tidying spaces, the CEP and the UF', () => {
    expect(validateAddress({ ...valid, street: '  Rua   Augusta ', uf: ' sp ', complement: ' apto\n12 ' })).toEqual({
      ok: true,
      address: {
        recipient: 'Ana Souza',
        cep: '01310100',
        street: 'Rua Augusta',
        number: '100',
        complement: 'apto 12',
        neighborhood: 'Consolação',
        city: 'São Paulo',
        uf: 'SP',
      },
    });
  });

  it('the complement is optional', () => {
    const { complement: _complement, ...withoutComplement } = valid;
    expect(validateAddress(withoutComplement)).toMatchObject({ ok: true, address: { complement: '' } });
    expect(validateAddress({ ...valid, complement: '   ' })).toMatchObject({ ok: true, address: { complement: '' } });
  });

  it('names every missing field in pt-BR', () => {
    expect(validateAddress({})).toEqual({
      ok: false,
      errors: {
        recipient: 'Informe o campo nome de quem recebe.',
        street: 'Informe o campo rua.',
        number: 'Informe o campo número.',
        neighborhood: 'Informe o campo bairro.',
        city: 'Informe o campo cidade.',
        cep: 'Informe o CEP.',
        uf: 'Escolha a UF.',
      },
    });
    expect(validateAddress({ ...valid, number: 100 })).toEqual({
      ok: false,
      errors: { number: 'Informe o campo número.' },
    });
  });

  it('200 characters at most, after tidying', () => {
    expect(validateAddress({ ...valid, street: 'a'.repeat(200) }).ok).toBe(true);
    expect(validateAddress({ ...valid, street: `  ${'a'.repeat(200)}  ` }).ok).toBe(true);
    expect(validateAddress({ ...valid, street: 'a'.repeat(201) })).toEqual({
      ok: false,
      errors: { street: 'Use no máximo 200 caracteres.' },
    });
    expect(validateAddress({ ...valid, complement: 'c'.repeat(201) })).toEqual({
      ok: false,
      errors: { complement: 'Use no máximo 200 caracteres.' },
    });
  });

  it('no markup or control characters, in any field', () => {
    const markup = 'Use apenas letras, números e pontuação comum (sem < ou >).';
    expect(validateAddress({ ...valid, recipient: '<b>Ana</b>' })).toEqual({
      ok: false,
      errors: { recipient: markup },
    });
    expect(validateAddress({ ...valid, complement: 'apto <script>' })).toEqual({
      ok: false,
      errors: { complement: markup },
    });
    expect(validateAddress({ ...valid, city: 'São\u0000Paulo' })).toEqual({ ok: false, errors: { city: markup } });
    expect(validateAddress({ ...valid, number: '100 & 102', street: "Rua D'Ávila (fundos), nº 3/4" }).ok).toBe(true);
  });

  it('the UF must be the CEP’s', () => {
    expect(validateAddress({ ...valid, cep: '20040-020' })).toEqual({
      ok: false,
      errors: { uf: 'O CEP informado é de RJ. Confira o CEP ou a UF.' },
    });
    expect(ADDRESS_MESSAGES.ufMismatch('AM')).toBe('O CEP informado é de AM. Confira o CEP ou a UF.');
    expect(validateAddress({ ...valid, uf: 'XX' })).toEqual({ ok: false, errors: { uf: 'Escolha a UF.' } });
  });

  it('a bad CEP is named at the CEP, not as a UF mismatch', () => {
    expect(validateAddress({ ...valid, cep: 'abc' })).toEqual({
      ok: false,
      errors: { cep: 'CEP inválido. Use 8 números, como 01310-100.' },
    });
    expect(validateAddress({ ...valid, cep: '00999-999' })).toEqual({
      ok: false,
      errors: { cep: 'Não encontramos este CEP nas faixas dos Correios. Confira os números.' },
    });
  });
});

describe('an order’s delivery', () => {
  /** Ana Souza, Rua Augusta, 100 — São Paulo/SP, no complement. */
  const augusta = anAddress().build();
  const expressa: OrderDelivery = {
    cep: '20040020',
    uf: 'RJ',
    service: 'expressa',
    serviceName: 'Expressa',
    amount: 3490,
    businessDays: { min: 1, max: 3 },
    window: { from: '2026-12-03', to: '2026-12-07' },
    address: null,
    review: null,
  };

  it('the line: service, frete, window and, once known, the address', () => {
    expect(spaces(formatOrderDelivery({ ...expressa, address: augusta }))).toBe(
      'Entrega: Expressa · R$ 34,90 · chega entre qui., 3 de dez. e seg., 7 de dez. · Rua Augusta, 100 — São Paulo/SP',
    );
    expect(spaces(formatOrderDelivery(expressa))).toBe(
      'Entrega: Expressa · R$ 34,90 · chega entre qui., 3 de dez. e seg., 7 de dez.',
    );
    expect(
      formatOrderDelivery({
        ...expressa,
        serviceName: 'Econômica',
        amount: 0,
        window: { from: '2026-12-04', to: '2026-12-04' },
        address: { ...augusta, complement: 'apto 12' },
      }),
    ).toBe('Entrega: Econômica · Grátis · chega em sex., 4 de dez. · Rua Augusta, 100, apto 12 — São Paulo/SP');
  });

  it('formatAddressLine', () => {
    expect(formatAddressLine(augusta)).toBe('Rua Augusta, 100 — São Paulo/SP');
    expect(
      formatAddressLine({
        street: 'Av. Atlântica',
        number: '1702',
        complement: 'apto 501',
        city: 'Rio de Janeiro',
        uf: 'RJ',
      }),
    ).toBe('Av. Atlântica, 1702, apto 501 — Rio de Janeiro/RJ');
  });

  it('orderDeliveryFrom keeps the chosen option of the quote: a pair of sneakers to Rio, quoted Tue 1 Dec 2026', () => {
    // 1,300 g: SE Expressa 2990 + 500; 1 + 1 to 1 + 3 business days: Wed 2 (1), Thu 3 (2), Fri 4 (3), Mon 7 (4).
    expect(orderDeliveryFrom(quote('20040-020', [line('sneakers')], '2026-12-01'), 'expressa')).toEqual(expressa);
    expect(orderDeliveryFrom(quote('01310-100', [line('hats')], '2026-12-01'), 'economica', augusta)).toEqual({
      cep: '01310100',
      uf: 'SP',
      service: 'economica',
      serviceName: 'Econômica',
      amount: 1590,
      businessDays: { min: 2, max: 4 },
      window: { from: '2026-12-04', to: '2026-12-08' },
      address: augusta,
      review: null,
    });
  });
});
