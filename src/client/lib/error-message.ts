/** The text to show for a failed call: the server's or the network error's message. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
