/** The one error type with an HTTP status. Its message is safe to show the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'error',
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message, 'bad_request');
export const unauthorized = (message = 'Not signed in') => new AppError(401, message, 'unauthorized');
export const forbidden = (message = 'Not allowed') => new AppError(403, message, 'forbidden');
export const notFound = (message = 'Not found') => new AppError(404, message, 'not_found');
export const conflict = (message: string) => new AppError(409, message, 'conflict');
