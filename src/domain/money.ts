const BRL: Intl.NumberFormatOptions = { style: 'currency', currency: 'BRL' };
let intlBRL: Intl.NumberFormat | undefined;

/**
 * Formats reais the Brazilian way: "R$ 1.234,56", with a no-break space (U+00A0) after "R$" that keeps the
 * prefix and the amount on one line. The output is Intl.NumberFormat('pt-BR', BRL)'s, character for character.
 *
 * Written out instead of calling Intl for every finite amount that JavaScript writes without an exponent (every
 * price): building that formatter loads ICU's pt-BR currency data, 16–47 ms of main-thread work in each new
 * page (2 cores, Chromium 156; four times that on a throttled phone), at the start of the hydration of every page
 * with a price. test/domain/money.test.ts checks it against Intl itself.
 */
export function formatBRL(reais: number): string {
  // The shortest decimal that reads back as this number: what ICU rounds (2.675 → "2,68", 1.005 → "1,01").
  const plain = Math.abs(reais).toString();
  if (!/^\d+(\.\d+)?$/.test(plain)) return (intlBRL ??= new Intl.NumberFormat('pt-BR', BRL)).format(reais); // NaN, ∞, 1e21, 1e-7
  const point = `${plain}.`.indexOf('.'); // a whole number has no point of its own: its fraction is ''
  const whole = plain.slice(0, point);
  const fraction = plain.slice(point + 1);
  // Half away from zero on the third decimal, as Intl's default rounding does.
  const roundUp = fraction.charAt(2) >= '5' ? 1n : 0n;
  const centavos = (BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + roundUp).toString().padStart(3, '0');
  const thousands = centavos.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  // Intl keeps the sign of negative zero and of amounts that round to zero ("-R$ 0,00").
  const sign = reais < 0 || Object.is(reais, -0) ? '-' : '';
  return `${sign}R$\u00a0${thousands},${centavos.slice(-2)}`;
}

/** Whole centavos, as payment providers expect them (R$ 99,90 → 9990). */
export function toCentavos(reais: number): number {
  return Math.round(reais * 100);
}
