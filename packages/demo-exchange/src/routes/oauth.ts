import { json, type Reply, type Route } from '../context';
import { DATA, OAUTH_TOKEN, wire, type Casing } from '../fields';
import type { TokenReply } from '../oauth';

/**
 * OAuth endpoints (§8). `GET /auth/login?clientId=&state=&redirect_uri=` shows a page with one
 * "Approve" button; it posts to `POST /auth/login`, which issues a single-use code and redirects
 * (302) to the redirect URI with `code` and `state`. The redirect URI must be a loopback http URL
 * (RFC 8252: 127.0.0.1, [::1] or localhost, any port); without one, the page shows the code.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const html = (status: number, body: string): Reply => ({
  status,
  text: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Demo exchange: authorize</title></head><body>${body}</body></html>`,
  contentType: 'text/html; charset=utf-8',
});

function loopback(uri: string): boolean {
  try {
    const u = new URL(uri);
    return u.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname);
  } catch {
    return false;
  }
}

function params(get: (name: string) => string | undefined) {
  return {
    clientId: get('clientId') ?? get('client_id') ?? '',
    state: get('state') ?? '',
    redirectUri: get('redirect_uri') ?? get('redirectUri') ?? '',
  };
}

/** `{data: {access_token, ...}}`, or the error. */
function tokenAnswer(r: TokenReply, casing: Casing): Reply {
  if ('tokens' in r) return json(wire(DATA, casing, { data: wire(OAUTH_TOKEN, casing, r.tokens) }));
  return json(r.body, r.status);
}

export const oauthRoutes: Record<string, Route> = {
  'GET /auth/login': {
    method: 'GET',
    auth: 'none',
    handler: (ctx, ex) => {
      const p = params((n) => ctx.query.get(n) ?? undefined);
      if (!ex.oauth.client(p.clientId)) return html(400, '<h1>Unknown application</h1>');
      if (p.redirectUri && !loopback(p.redirectUri))
        return html(400, '<h1>Redirect URI not allowed</h1>');
      const hidden = Object.entries({
        clientId: p.clientId,
        state: p.state,
        redirect_uri: p.redirectUri,
      })
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`)
        .join('');
      return html(
        200,
        `<h1>Demo exchange</h1><p>The application <b>${escape(p.clientId)}</b> asks to read your order history.</p>` +
          `<form method="post" action="/auth/login">${hidden}<button type="submit" id="approve">Approve</button></form>`,
      );
    },
  },
  'POST /auth/login': {
    method: 'POST',
    auth: 'form',
    handler: (ctx, ex) => {
      const p = params((n) => ctx.form[n]);
      if (p.redirectUri && !loopback(p.redirectUri))
        return html(400, '<h1>Redirect URI not allowed</h1>');
      const code = ex.oauth.issueCode(p.clientId);
      if (!code) return html(400, '<h1>Unknown application</h1>');
      if (!p.redirectUri)
        return html(200, `<h1>Approved</h1><p>Code: <code id="code">${code}</code></p>`);
      const target = new URL(p.redirectUri);
      target.searchParams.set('code', code);
      if (p.state) target.searchParams.set('state', p.state);
      return {
        status: 302,
        text: '',
        contentType: 'text/plain',
        headers: { location: target.toString() },
      };
    },
  },
  'POST /oauth2/token': {
    method: 'POST',
    auth: 'form',
    handler: (ctx, ex) => tokenAnswer(ex.oauth.exchange(ctx.form), ex.casing),
  },
  'POST /oauth2/refresh_token': {
    method: 'POST',
    auth: 'form',
    handler: (ctx, ex) => tokenAnswer(ex.oauth.refreshTokens(ctx.form), ex.casing),
  },
};
