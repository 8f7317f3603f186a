import { routes } from '@parley/contract';
// GET /auth/oidc and its callback: browser navigations, so every outcome is a redirect (to the provider,
// or to the web app's sign-in landing with `?token=` or `?error=`), never a JSON page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { OIDC_FLOW_SECONDS, OidcSignInError } from '../../services/oidc.ts';
import { SIGN_IN_CODE_SECONDS } from '../../services/sessions.ts';
import { httpOnlyCookie, readCookie, SIGN_IN_COOKIE, SIGN_IN_COOKIE_PATH } from '../cookies.ts';
import type { Router } from '../router.ts';

/** The web app's sign-in landing (docs/decisions/020-web-sign-in-landing.md). */
export const SIGN_IN_LANDING_PATH = '/signin/callback';
const FLOW_COOKIE = 'parley_oidc_flow';

const flowCookie = (value: string, maxAge: number, secure: boolean) =>
  httpOnlyCookie(FLOW_COOKIE, value, { path: '/auth/oidc', maxAge, secure });

export function oidcRoutes(router: Router, ctx: AppContext) {
  const { oidc, sessions } = ctx.services;
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
    // The flow is single use whatever happens next: its cookie goes too.
    reply.header('set-cookie', flowCookie('', 0, secure));
    try {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const userId = await oidc.finish(readCookie(request, FLOW_COOKIE), query);
      // The landing gets a one-time code, worth a session only with this browser's cookie (decision 106).
      const { code, browserSecret } = await sessions.landingCode(userId);
      const cookie = httpOnlyCookie(SIGN_IN_COOKIE, browserSecret, {
        path: SIGN_IN_COOKIE_PATH,
        maxAge: SIGN_IN_CODE_SECONDS,
        secure,
      });
      reply.header('set-cookie', [flowCookie('', 0, secure), cookie]);
      return land(reply, { token: code });
    } catch (error) {
      return landOnError(request, reply, error);
    }
  });
}
