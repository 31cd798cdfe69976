/** Where a shared run is read, without an account. */
export const sharedResultPath = (token: string) => `/r/${token}`;
