import { createHmac } from 'node:crypto';

/** An API key pair. Only the vault and this module ever see the secret. */
export interface Credentials {
  apiKey: string;
  apiSecret: string;
}

export interface SignedRequest {
  /** The exact compact JSON sent as the HTTP body (and signed). */
  body: string;
  headers: Record<string, string>;
}

/** Base64 payload and HMAC-SHA512 signature (lowercase hex) of a compact JSON body, per §1. */
export function sign(json: string, secret: string): { payload: string; signature: string } {
  const payload = Buffer.from(json, 'utf8').toString('base64');
  const signature = createHmac('sha512', secret).update(payload).digest('hex');
  return { payload, signature };
}

/**
 * Builds a signed private request: body = {request, nonce, nonceWindow, ...fields}, serialised ONCE
 * as compact JSON and used as both the body and the payload.
 */
export function signRequest(
  path: string,
  fields: Record<string, unknown>,
  nonce: number,
  credentials: Credentials,
): SignedRequest {
  const body = JSON.stringify({ request: path, nonce, nonceWindow: true, ...fields });
  const { payload, signature } = sign(body, credentials.apiSecret);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': credentials.apiKey,
      'x-txc-payload': payload,
      'x-txc-signature': signature,
    },
  };
}
