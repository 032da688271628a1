// The delivery window a shopper should read, worked out apart from src/domain/delivery.ts: weekdays minus
// Brazil's national holidays written out by hand from the calendar (with Carnaval Tuesday and Corpus Christi,
// which carriers keep), counted from today in Brasília, and written with Intl's own pt-BR short dates.

const HOLIDAYS = new Set([
  // 2026
  '2026-01-01',
  '2026-02-17',
  '2026-04-03',
  '2026-04-21',
  '2026-05-01',
  '2026-06-04',
  '2026-09-07',
  '2026-10-12',
  '2026-11-02',
  '2026-11-15',
  '2026-11-20',
  '2026-12-25',
  // 2027
  '2027-01-01',
  '2027-02-09',
  '2027-03-26',
  '2027-04-21',
  '2027-05-01',
  '2027-05-27',
  '2027-09-07',
  '2027-10-12',
  '2027-11-02',
  '2027-11-15',
  '2027-11-20',
  '2027-12-25',
  // 2028
  '2028-01-01',
  '2028-02-29',
  '2028-04-14',
  '2028-04-21',
  '2028-05-01',
  '2028-06-15',
  '2028-09-07',
  '2028-10-12',
  '2028-11-02',
  '2028-11-15',
  '2028-11-20',
  '2028-12-25',
]);

function isBusinessDay(day: Date): boolean {
  const weekday = day.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day.toISOString().slice(0, 10));
}

/** `count` business days after today in Brasília (UTC−3), as a UTC-midnight date. */
function businessDaysFromToday(count: number): Date {
  const day = new Date(new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10));
  for (let left = count; left > 0;) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

const shortDate = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/**
 * "entre qui., 3 de dez. e seg., 7 de dez." for a service that posts the next business day and travels
 * `min`–`max` business days (the rate card's SP zone: Econômica 2–4, Expressa 1–2).
 */
export function expectedWindow(min: number, max: number): string {
  const [from, to] = [businessDaysFromToday(1 + min), businessDaysFromToday(1 + max)].map((day) =>
    shortDate.format(day).replace(/\s+/g, ' '),
  );
  return `entre ${from} e ${to}`;
}
