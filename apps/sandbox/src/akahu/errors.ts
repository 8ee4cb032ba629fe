// Akahu's error shapes: `{success: false, message}` for the API, `{error, error_description}` for OAuth.
import { ProviderHttpError } from '../shared/http';

export const akahuError = (status: number, message: string): ProviderHttpError =>
  new ProviderHttpError(status, { success: false, message });

export const oauthError = (status: number, error: string, description: string): ProviderHttpError =>
  new ProviderHttpError(status, { success: false, error, error_description: description });

export const unauthorized = (): ProviderHttpError => akahuError(401, 'Unauthorized');
export const notFound = (): ProviderHttpError => akahuError(404, 'Not found');

export const akahuErrorBody = (status: number, message: string) => ({
  success: false,
  message: status >= 500 ? 'Internal Error' : message,
});
