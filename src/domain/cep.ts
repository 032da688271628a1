// CEPs: parsing what a shopper types, and the state each one belongs to. Kept apart from the quote (delivery.ts)
// so the storefront's entry can check a CEP without the holiday calendar and the rate card, which load with the
// first quote.

export const UFS = [
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
] as const;
export type Uf = (typeof UFS)[number];

export function isUf(value: unknown): value is Uf {
  return typeof value === 'string' && (UFS as readonly string[]).includes(value);
}

/**
 * The Correios' CEP ranges per state ("faixas de CEP por UF"), as the first five digits, inclusive. Source: the
 * table in pt.wikipedia.org/wiki/Código_de_Endereçamento_Postal ("Faixas de CEP por estado"), which reproduces
 * the Correios' own (buscacepinter.correios.com.br, "Busca Faixa de CEP"). 00000–00999 belongs to no state.
 */
const CEP_RANGES: readonly (readonly [from: number, to: number, uf: Uf])[] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The pt-BR messages of the CEP field, shared by the storefront and the backend. */
export const CEP_MESSAGES = {
  required: 'Informe o CEP.',
  invalid: 'CEP inválido. Use 8 números, como 01310-100.',
  unknown: 'Não encontramos este CEP nas faixas dos Correios. Confira os números.',
} as const;

export type CepResult = { ok: true; cep: string; uf: Uf } | { ok: false; error: string };

/**
 * A CEP as a shopper types it: 8 digits, with or without the hyphen ("01310-100", "01310100"); spaces around it
 * are forgiven, anything else (letters, dots in the middle, emoji, 7 or 9 digits) is not. The answer is the 8
 * digits and their state.
 */
export function parseCep(input: unknown): CepResult {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (raw === '') return { ok: false, error: CEP_MESSAGES.required };
  const match = /^(\d{5})-?(\d{3})$/.exec(raw);
  if (!match) return { ok: false, error: CEP_MESSAGES.invalid };
  const cep = `${match[1]}${match[2]}`;
  const uf = ufOfCep(cep);
  if (!uf) return { ok: false, error: cep === '00000000' ? CEP_MESSAGES.invalid : CEP_MESSAGES.unknown };
  return { ok: true, cep, uf };
}

/** The state a CEP (8 digits) belongs to, or null outside every range. */
export function ufOfCep(cep: string): Uf | null {
  if (!/^\d{8}$/.test(cep)) return null;
  const prefix = Number(cep.slice(0, 5));
  for (const [from, to, uf] of CEP_RANGES) if (prefix >= from && prefix <= to) return uf;
  return null;
}

/** 01310100 → 01310-100. */
export function formatCep(cep: string): string {
  return `${cep.slice(0, 5)}-${cep.slice(5, 8)}`;
}
