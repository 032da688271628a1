/**
 * A plausible boleto for the simulated provider: the 44-digit barcode (bank, currency 9, general check digit, due
 * factor, amount, free field) and its 47-digit linha digitável with the three modulo-10 field digits and the
 * modulo-11 general digit (FEBRABAN layout). Bank 999 does not exist: nobody can pay it for real.
 */
const BANK = '999';
const CURRENCY = '9';
const DAY = 86_400_000;
/** Due-date factor base: 1000 on 2025-02-22 (the factor restarted after 9999 on 2025-02-21). */
const FACTOR_BASE = Date.UTC(2025, 1, 22);

function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

export function dueFactor(dueAt: number): string {
  const days = Math.floor((dueAt - FACTOR_BASE) / DAY);
  return String(1000 + (((days % 9000) + 9000) % 9000)).padStart(4, '0');
}

/** `freeField`: 25 digits identifying the charge (derived from the session id). */
export function boletoLine({
  amountCentavos,
  dueAt,
  freeField,
}: {
  amountCentavos: number;
  dueAt: number;
  freeField: string;
}): string {
  const free = freeField.replace(/\D/g, '').padEnd(25, '0').slice(0, 25);
  const factor = dueFactor(dueAt);
  const amount = String(Math.min(amountCentavos, 9_999_999_999)).padStart(10, '0');
  const withoutDv = `${BANK}${CURRENCY}${factor}${amount}${free}`;
  const dv = mod11(withoutDv);
  const f1 = `${BANK}${CURRENCY}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const field = (digits: string, split: number) => `${digits.slice(0, split)}.${digits.slice(split)}${mod10(digits)}`;
  return `${field(f1, 5)} ${field(f2, 5)} ${field(f3, 5)} ${dv} ${factor}${amount}`;
}

/** 25 digits from any id (hex or not): stable per session. */
export function digitsOf(id: string): string {
  let digits = '';
  for (const char of id) digits += String(char.charCodeAt(0) % 10);
  return digits.slice(-25).padStart(25, '0');
}
