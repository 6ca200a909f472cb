/**
 * Error bodies (spec "Errors" + notes §3). Status choices where the spec and §3 list two:
 * - validation (codes 30/31/32/33/36 and flex code 0): HTTP 422, the spec's status;
 * - inner validation (code 2: not found, min/max investment, balance for flex, investment state):
 *   HTTP 400, the spec's status;
 * - hashrate: 400 for a bad field (§5 "unknown account"), 422 `{code:422, message:"Incorrect
 *   timestamp"}` for a bad range (the spec's body; HTTP 422).
 * - public market data (reference http-v4.yaml): the flat field bag, HTTP 422; the v1 kline wraps it
 *   in `{success: false, message, result: null}` with HTTP 200.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : 'error');
  }
}

export type FieldErrors = Record<string, string[]>;

export function validation(code: number, errors: FieldErrors, status = 422): ApiError {
  return new ApiError(status, { code, message: 'Validation failed', errors });
}

export function inner(errors: FieldErrors, status = 400, code = 2): ApiError {
  return new ApiError(status, { code, message: 'Inner validation failed', errors });
}

/** A public market-data endpoint's refusal: the flat field bag `{field: [msg]}`, HTTP 422. */
export function publicValidation(errors: FieldErrors): ApiError {
  return new ApiError(422, errors);
}

/** The v1 kline's refusal: HTTP 200, `{success: false, message: {field: [msg]}, result: null}`. */
export function wrappedValidation(errors: FieldErrors): ApiError {
  return new ApiError(200, { success: false, message: errors, result: null });
}

export const NOT_ENOUGH_BALANCE = 'Not enough balance';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T>(error: ApiError): Result<T> => ({ ok: false, error });
