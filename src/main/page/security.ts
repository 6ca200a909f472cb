/**
 * Security rules that need no Electron: which pages are ours, which external links may open, and
 * the content security policy. window.ts and ipc.ts apply them; the web host uses the CSP too.
 */
import { EXPLORER_HOSTS } from '../../shared/explorers';

/**
 * Hosts (and their subdomains) that may open in the system browser, over https only: the
 * exchange's sites and the block explorers History links transactions to.
 */
export const EXTERNAL_HOST_ALLOWLIST: readonly string[] = [
  'whitebit.com',
  'whitebit.eu',
  ...EXPLORER_HOSTS,
];

export function isAllowedExternalUrl(
  raw: string,
  allowlist: readonly string[] = EXTERNAL_HOST_ALLOWLIST,
): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return allowlist.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/**
 * The app's own page: the packaged page on `app://desk`, or the dev server's origin in development.
 * A frame whose URL has another scheme or host (another site, a file, about:blank) is not ours.
 * (Compared by scheme and host: a custom scheme's URL has no `origin` in Node.)
 */
export function isOwnPage(raw: string | undefined, appUrl: string): boolean {
  if (!raw) return false;
  let url: URL;
  let app: URL;
  try {
    url = new URL(raw);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:' || url.protocol === 'file:') return false;
  return url.protocol === app.protocol && url.host === app.host && url.host !== '';
}

/** Strict CSP: only the app itself, no inline script, connections to the app only. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
