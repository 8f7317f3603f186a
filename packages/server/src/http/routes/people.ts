import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function peopleRoutes(router: Router, ctx: AppContext) {
  const { people } = ctx.services;
  router.handle(routes.listPeople, async (request) => ok(await people.list(request.userId, request.query)));
  router.handle(routes.createPerson, async (request) => ok(await people.create(request.userId, request.body)));
  router.handle(routes.getPerson, async (request) => ok(await people.get(request.userId, request.params.id)));
  router.handle(routes.updatePerson, async (request) =>
    ok(await people.update(request.userId, request.params.id, request.body)),
  );
  router.handle(routes.deletePerson, async (request) => {
    await people.delete(request.userId, request.params.id);
  });
  router.handle(routes.forgetVoice, async (request) => {
    await people.forgetVoice(request.userId, request.params.id);
  });
  router.handle(routes.projectPeople, async ({ userId, holderId, params }) =>
    ok(await people.linkable({ callerId: userId, holderId, projectId: params.id })),
  );
  router.handle(routes.personTranscriptions, async (request) =>
    ok(await people.transcriptions(request.userId, request.params.id, request.query)),
  );
}
