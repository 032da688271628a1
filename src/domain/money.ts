const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Formats reais the Brazilian way: "R$ 1.234,56". Intl puts a no-break space (U+00A0) after "R$",
 * which keeps the prefix and the amount on one line.
 */
export function formatBRL(reais: number): string {
  return brl.format(reais);
}

/** Whole centavos, as payment providers expect them (R$ 99,90 → 9990). */
export function toCentavos(reais: number): number {
  return Math.round(reais * 100);
}
