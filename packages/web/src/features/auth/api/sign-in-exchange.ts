import { routes } from '@parley/contract';
import { callRoute } from '@/lib/api-client';

/**
 * The landing's `token` parameter is a one-time code from a sign-in this browser ran: the server trades
 * it for a session token only with that flow's cookie (HttpOnly, sent by the browser), so a pasted link
 * signs nobody in (docs/decisions/106).
 */
export async function exchangeSignInCode(code: string): Promise<string> {
  const reply = await callRoute(routes.signInExchange, { body: { code } });
  return reply.data.token;
}
