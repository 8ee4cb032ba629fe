// Money is integer cents (NZD, GST inclusive). It becomes text only at the edge; no floats in between.

/** An amount in whole cents. A plain number, checked by assertCents where it enters the rules. */
export type Cents = number;

/** Basis points: 1 bp = 0.01 %, so 250 = 2.5 % and 10 000 = 100 %. Percentages stay integers too. */
export type BasisPoints = number;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function assertCents(value: number, what = 'amount'): Cents {
  if (!isCents(value)) throw new RangeError(`${what} must be whole cents, got ${value}`);
  return value;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Built from integer parts instead of Intl.NumberFormat, which takes a float and whose output differs
// between ICU versions ('US$' vs '$').
function formatDollars(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const remainder = String(abs % 100).padStart(2, '0');
  return `${sign}$${groupThousands(String(dollars))}.${remainder}`;
}

/** NZD for display, en-NZ: 123456 → '$1,234.56', -500 → '-$5.00'. */
export function formatMoney(cents: Cents): string {
  return formatDollars(cents);
}

/**
 * The one helper the spec says formats in US dollars (the original page's en-US currency formatter).
 * en-US prints USD with a bare '$', so the text matches formatMoney; it is kept separate so the call
 * sites that meant US dollars stay visible and can be changed in one place.
 */
export function formatUsd(cents: Cents): string {
  return formatDollars(cents);
}

const DOLLARS_PATTERN = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/**
 * Parses dollars exactly from their decimal text: '12.34', '$1,234.5', '-5', 12.34 → cents, or null.
 * Strings may carry at most two decimals (money typed by a person is never rounded silently). Numbers
 * are read from their shortest decimal form (what was typed) and rounded once, half away from zero.
 */
export function parseDollars(input: string | number): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
    if (/e/i.test(text)) return null; // beyond 1e21 or below 1e-6: not a money amount
  } else {
    text = input.trim().replace(/\s+/g, '');
  }
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return null;
  const [, minus, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (typeof input === 'string' && fraction.length > 2) return null;
  const wholeCents = BigInt(whole.replaceAll(',', '') || '0') * 100n;
  const fractionCents = BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1n : 0n;
  const cents = wholeCents + fractionCents + roundUp;
  const signed = minus ? -cents : cents;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(signed) === 0 ? 0 : Number(signed);
}

/** parseDollars that throws on bad input, for values already validated at the edge. */
export function dollarsToCents(input: string | number): Cents {
  const cents = parseDollars(input);
  if (cents === null) throw new RangeError(`Not a dollar amount: ${JSON.stringify(input)}`);
  return cents;
}

/** '12.30' from 1230: the plain decimal for form fields (no symbol, no grouping). */
export function centsToDollarString(cents: Cents): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * amount × numerator ÷ denominator in exact integer maths, rounded once at the end, half away from
 * zero (so 0.5 cent → 1 cent, -0.5 → -1: a refund mirrors its charge). BigInt keeps the product exact.
 */
export function mulDivRoundHalfUp(amount: number, numerator: number, denominator: number): number {
  for (const [name, value] of [
    ['amount', amount],
    ['numerator', numerator],
    ['denominator', denominator],
  ] as const) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
  }
  if (denominator === 0) throw new RangeError('Division by zero');
  let product = BigInt(amount) * BigInt(numerator);
  let divisor = BigInt(denominator);
  if (divisor < 0n) {
    product = -product;
    divisor = -divisor;
  }
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  const result = negative ? -rounded : rounded;
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('Result is not a safe integer');
  }
  return result === 0n ? 0 : Number(result);
}

/** A share of an amount in basis points, rounded once half up: percentOf(1000, 250) = 25 (2.5 %). */
export function percentOf(cents: Cents, basisPoints: BasisPoints): Cents {
  return mulDivRoundHalfUp(cents, basisPoints, 10_000);
}

/** '2.5', '2.5%' or 2.5 (per cent) → 250 basis points, exactly; null beyond two decimals or negative. */
export function percentToBasisPoints(percent: string | number): BasisPoints | null {
  const text = (typeof percent === 'number' ? String(percent) : percent).trim().replace(/%$/, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(basisPoints) ? basisPoints : null;
}

/** 250 → '2.5%', 1000 → '10%', 1 → '0.01%'. */
export function formatBasisPoints(basisPoints: BasisPoints): string {
  assertCents(basisPoints, 'basis points');
  const abs = Math.abs(basisPoints);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0$/, '');
  const whole = `${basisPoints < 0 ? '-' : ''}${Math.floor(abs / 100)}`;
  return abs % 100 === 0 ? `${whole}%` : `${whole}.${fraction}%`;
}
