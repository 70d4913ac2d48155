/** An error whose message is safe to show the client, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = () => new HttpError(401, 'Authentication required');
export const forbidden = (message = 'Admin access required') => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
