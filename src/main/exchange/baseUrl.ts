/**
 * Where a profile's client may connect: https anywhere, or plain http only to 127.0.0.1 (a demo
 * exchange on this computer). Anything else would send signed requests in clear text.
 */
export function checkBaseUrl(
  raw: string,
): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: 'Enter a full address, such as https://exchange.example.' };
  }
  if (url.username || url.password)
    return { ok: false, message: 'The address must not contain a user name or password.' };
  if (url.search || url.hash) return { ok: false, message: 'The address must not contain ? or #.' };
  const local = url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return { ok: false, message: 'Use https, or http only for an exchange on 127.0.0.1.' };
  }
  return { ok: true, url: url.origin + url.pathname.replace(/\/+$/, '') };
}
