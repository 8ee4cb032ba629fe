// Kisi's error shapes: `{error, code}` and, for validation, 422 `{errors: {field: [messages]}}`.
import { ProviderHttpError } from '../shared/http';

export const kisiError = (status: number, error: string, code: string): ProviderHttpError =>
  new ProviderHttpError(status, { error, code });

export const unauthorized = () => kisiError(401, 'Invalid login credentials.', 'unauthorized');
export const forbidden = (message = 'You are not allowed to perform this action.') =>
  kisiError(403, message, 'forbidden');
export const notFound = (what: string) => kisiError(404, `${what} not found.`, 'not_found');

export const validationError = (errors: Record<string, string[]>): ProviderHttpError =>
  new ProviderHttpError(422, { errors });

export const kisiErrorBody = (status: number, message: string) => ({
  error: status >= 500 ? 'Something went wrong.' : message,
  code: String(status),
});
