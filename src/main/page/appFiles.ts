import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './security';

/**
 * The built renderer's files as the app serves them: through the privileged `app://desk` scheme in
 * Electron (from inside app.asar) and over http in the web host. One reader, one set of headers.
 */

/** The app page's scheme, host and address (the packaged app never loads a file:// page). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'desk';
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * Sent with every response the app serves: the page, its scripts and styles, and errors. No
 * Cross-Origin-Opener-Policy: the window's first document has none, so one on the page puts it in a
 * new browsing context group, and Chromium starts a second renderer process for it on every start
 * (measured: a static page painted 120 ms later, 176 ms instead of 56). It would guard against an opener or a popup the
 * page can script; the app window opens none (window.open is denied, navigation away blocked) and
 * the web host's page is reachable only with its token.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cache-control': 'no-store',
};

export interface AppFileResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function failure(status: number, message: string): AppFileResponse {
  return {
    status,
    headers: { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
    body: Buffer.from(message),
  };
}

/**
 * Reads `pathname` (a URL path, still %-encoded) below `root`. `/` is index.html; a malformed
 * escape is a 400, anything outside `root` or missing a 404. Never throws.
 */
export async function readAppFile(root: string, pathname: string): Promise<AppFileResponse> {
  let relative: string;
  try {
    relative = pathname === '/' || pathname === '' ? 'index.html' : decodeURIComponent(pathname);
  } catch {
    return failure(400, 'Bad request');
  }
  const base = resolve(root);
  const file = normalize(join(base, relative));
  if (relative.includes('\0') || !file.startsWith(base + sep)) return failure(404, 'Not found');
  try {
    const body = await readFile(file);
    return {
      status: 200,
      headers: {
        ...SECURITY_HEADERS,
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      },
      body,
    };
  } catch {
    return failure(404, 'Not found');
  }
}

/**
 * The `app://` protocol handler (Electron's `protocol.handle` takes it as is): GET requests for
 * `app://desk/<path>` answered from `root`; any other host or method is refused.
 */
export function appRequestHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return toResponse(failure(400, 'Bad request'));
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) {
      return toResponse(failure(404, 'Not found'));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return toResponse(failure(405, 'Method not allowed'));
    }
    return toResponse(await readAppFile(root, url.pathname));
  };
}

function toResponse(file: AppFileResponse): Response {
  return new Response(new Uint8Array(file.body), { status: file.status, headers: file.headers });
}

/** Response headers as Electron's `webRequest.onHeadersReceived` hands them over. */
export type ResponseHeaders = Record<string, string[]>;

/**
 * The headers main's session gives a response (window.ts applies this to every response of the
 * default session): the app's own `app://` responses get the CSP (their handler sends it too);
 * any other response keeps the headers it came with. In `npm run dev` that is the electron-vite
 * dev server's page, whose own policy (index.html's meta tag) follows the inline preamble the
 * React plugin puts first in the page: main's `script-src 'self'` on it would block the preamble,
 * and the window would stay blank ("can't detect preamble").
 */
export function sessionResponseHeaders(
  url: string,
  headers: ResponseHeaders | undefined,
): ResponseHeaders {
  if (!url.startsWith(`${APP_SCHEME}:`)) return { ...headers };
  const others = Object.entries(headers ?? {}).filter(
    ([name]) => name.toLowerCase() !== 'content-security-policy',
  );
  return { ...Object.fromEntries(others), 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] };
}
