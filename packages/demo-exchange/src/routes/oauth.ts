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
    const url = new URL(uri);
    return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
  } catch {
    return false;
  }
}

function loginParams(get: (name: string) => string | undefined) {
  return {
    clientId: get('clientId') ?? get('client_id') ?? '',
    state: get('state') ?? '',
    redirectUri: get('redirect_uri') ?? get('redirectUri') ?? '',
  };
}

/** `{data: {access_token, ...}}`, or the error. */
function tokenAnswer(reply: TokenReply, casing: Casing): Reply {
  if ('tokens' in reply)
    return json(wire(DATA, casing, { data: wire(OAUTH_TOKEN, casing, reply.tokens) }));
  return json(reply.body, reply.status);
}

export const oauthRoutes: Record<string, Route> = {
  'GET /auth/login': {
    method: 'GET',
    auth: 'none',
    handler: (context, exchange) => {
      const params = loginParams((n) => context.query.get(n) ?? undefined);
      if (!exchange.oauth.client(params.clientId)) return html(400, '<h1>Unknown application</h1>');
      if (params.redirectUri && !loopback(params.redirectUri))
        return html(400, '<h1>Redirect URI not allowed</h1>');
      const hidden = Object.entries({
        clientId: params.clientId,
        state: params.state,
        redirect_uri: params.redirectUri,
      })
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`)
        .join('');
      return html(
        200,
        `<h1>Demo exchange</h1><p>The application <b>${escape(params.clientId)}</b> asks to read your order history.</p>` +
          `<form method="post" action="/auth/login">${hidden}<button type="submit" id="approve">Approve</button></form>`,
      );
    },
  },
  'POST /auth/login': {
    method: 'POST',
    auth: 'form',
    handler: (context, exchange) => {
      const params = loginParams((n) => context.form[n]);
      if (params.redirectUri && !loopback(params.redirectUri))
        return html(400, '<h1>Redirect URI not allowed</h1>');
      const code = exchange.oauth.issueCode(params.clientId);
      if (!code) return html(400, '<h1>Unknown application</h1>');
      if (!params.redirectUri)
        return html(200, `<h1>Approved</h1><p>Code: <code id="code">${code}</code></p>`);
      const target = new URL(params.redirectUri);
      target.searchParams.set('code', code);
      if (params.state) target.searchParams.set('state', params.state);
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
    handler: (context, exchange) =>
      tokenAnswer(exchange.oauth.exchange(context.form), exchange.casing),
  },
  'POST /oauth2/refresh_token': {
    method: 'POST',
    auth: 'form',
    handler: (context, exchange) =>
      tokenAnswer(exchange.oauth.refreshTokens(context.form), exchange.casing),
  },
};
