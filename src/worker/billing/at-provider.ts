import { ApiError } from '../errors';
import { ProviderError } from './provider';

/** A provider's failure, as the API shows it: 502, the detail logged. */
export async function atProvider<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ProviderError) {
      console.error(error.message);
      throw new ApiError(502, 'The payment provider did not accept the request. Please try again later.');
    }
    throw error;
  }
}
