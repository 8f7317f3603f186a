import { routes } from '@parley/contract';
import { callRoute } from '@/lib/api-client';

/** Ends this session on the server (its token is refused from then on; docs/decisions/105). */
export async function logoutOnServer(): Promise<void> {
  await callRoute(routes.logout);
}
