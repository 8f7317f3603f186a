// GET /auth/oidc and its callback: browser navigations, so every outcome is a redirect (to the provider,
// or to the web app's sign-in landing with `?token=` or `?error=`), never a JSON page.
import { routes } from '@parley/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { OIDC_FLOW_SECONDS, OidcSignInError } from '../../services/oidc.ts';
import type { Router } from '../router.ts';

/** The web app's sign-in landing (docs/decisions/020-web-sign-in-landing.md). */
export const SIGN_IN_LANDING_PATH = '/signin/callback';
const FLOW_COOKIE = 'parley_oidc_flow';

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function flowCookie(value: string, maxAge: number, secure: boolean) {
  // Lax: the cookie must come back on the provider's top-level redirect to the callback.
  return `${FLOW_COOKIE}=${value}; Path=/auth/oidc; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function oidcRoutes(router: Router, ctx: AppContext) {
  const { oidc } = ctx.services;
  const publicUrl = ctx.config.oidc?.publicUrl ?? '';
  const secure = publicUrl.startsWith('https:');

  const land = (reply: FastifyReply, params: Record<string, string>) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`${publicUrl}${SIGN_IN_LANDING_PATH}?${new URLSearchParams(params)}`, 302);

  const landOnError = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof OidcSignInError)) {
      request.log.error({ err: error }, 'OpenID sign-in failed');
      return land(reply, { error: 'provider_error' });
    }
    request.log.info({ code: error.code, detail: error.message }, 'OpenID sign-in refused');
    return land(reply, { error: error.code });
  };

  router.handle(routes.oidcStart, async (request, reply) => {
    if (!oidc) return land(reply, { error: 'not_configured' });
    // The provider returns the browser to PUBLIC_URL, so the flow's cookie must be set on that host: a
    // user who reached Parley at another address (127.0.0.1 vs localhost) starts over there. Only once,
    // so a proxy that hides the public host can't cause a redirect loop.
    const publicHost = new URL(publicUrl).host;
    if (request.host !== publicHost && !request.url.includes('moved=1')) {
      return reply.header('cache-control', 'no-store').redirect(`${publicUrl}${routes.oidcStart.path}?moved=1`, 302);
    }
    try {
      const { flowId, authorizationUrl } = await oidc.start();
      reply.header('set-cookie', flowCookie(flowId, OIDC_FLOW_SECONDS, secure));
      return reply.header('cache-control', 'no-store').redirect(authorizationUrl, 302);
    } catch (error) {
      return landOnError(request, reply, error);
    }
  });

  router.handle(routes.oidcCallback, async (request, reply) => {
    if (!oidc) return land(reply, { error: 'not_configured' });
    // The flow is single use whatever happens next: the cookie goes too.
    reply.header('set-cookie', flowCookie('', 0, secure));
    try {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const token = await oidc.finish(readCookie(request, FLOW_COOKIE), query);
      return land(reply, { token });
    } catch (error) {
      return landOnError(request, reply, error);
    }
  });
}
