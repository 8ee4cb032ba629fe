// Validates a POST /v1/payments body the way the real API describes it: dollars with at most two
// decimal places, an NZ bank account number, and statement fields limited to [A-Za-z0-9 -_], 12 long.
import { akahuError } from './errors';

export interface PaymentRequest {
  from: string;
  amount: number;
  to: { name: string; account_number: string };
  meta: {
    source: { code?: string; reference?: string };
    destination: { particulars?: string; code?: string; reference?: string };
  };
}

const STATEMENT_TEXT = /^[A-Za-z0-9 _-]{0,12}$/;
const NAME_TEXT = /^[A-Za-z0-9 _-]{1,255}$/;

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function isNzAccountNumber(value: string): boolean {
  if (!/^[0-9 -]+$/.test(value)) return false;
  const digitsOnly = value.replace(/[ -]/g, '');
  return digitsOnly.length === 15 || digitsOnly.length === 16;
}

function statementFields(value: unknown, allowed: string[], path: string): Record<string, string> {
  const record = asRecord(value);
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(record)) {
    if (!allowed.includes(key)) throw akahuError(400, `${path}.${key} is not allowed`);
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string' || !STATEMENT_TEXT.test(field)) {
      throw akahuError(400, `${path}.${key} must be at most 12 characters of A-Z, a-z, 0-9, space, - or _`);
    }
    out[key] = field;
  }
  return out;
}

export function readPaymentRequest(body: unknown): PaymentRequest {
  const input = asRecord(body);
  const from = input.from;
  if (typeof from !== 'string' || !from) throw akahuError(400, 'payload.from is a required field');
  const amount = typeof input.amount === 'string' ? Number(input.amount) : input.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount))
    throw akahuError(400, 'payload.amount is a required field');
  if (amount <= 0) throw akahuError(400, 'payload.amount must be a positive number');
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) {
    throw akahuError(400, 'payload.amount must have no more than 2 decimal places');
  }
  const to = asRecord(input.to);
  if (typeof to.name !== 'string' || !NAME_TEXT.test(to.name)) {
    throw akahuError(400, 'payload.to.name is required and limited to A-Z, a-z, 0-9, space, - or _');
  }
  if (typeof to.account_number !== 'string' || !isNzAccountNumber(to.account_number)) {
    throw akahuError(400, 'payload.to.account_number must be a valid NZ bank account number');
  }
  const meta = asRecord(input.meta);
  return {
    from,
    amount: Math.round(amount * 100) / 100,
    to: { name: to.name, account_number: to.account_number },
    meta: {
      source: statementFields(meta.source, ['code', 'reference'], 'payload.meta.source'),
      destination: statementFields(
        meta.destination,
        ['particulars', 'code', 'reference'],
        'payload.meta.destination',
      ),
    },
  };
}
