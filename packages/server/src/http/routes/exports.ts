import { ExportQuery, Id } from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { clientClosed } from '../../lib/errors.ts';
import type { ZodApp } from '../types.ts';

const Params = z.object({ meetingId: Id });

export function exportRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/api/meetings/:meetingId/export',
    {
      schema: {
        tags: ['meetings'],
        params: Params,
        querystring: ExportQuery,
        description:
          'The meeting as a file: txt, md, srt, vtt (speakers as voice tags), docx or json (Parley’s own, importable). `tz` (an IANA zone) sets the time zone of the dates written in it.',
      },
    },
    async (request, reply) => {
      // A client that goes away stops a Word document being built for nobody.
      const gone = new AbortController();
      const onClose = () => reply.raw.writableFinished || gone.abort(clientClosed());
      reply.raw.once('close', onClose);
      const file = await ctx.services.exports
        .exportMeeting(
          request.userId,
          request.params.meetingId,
          request.query,
          `${request.protocol}://${request.host}`,
          gone.signal,
        )
        .finally(() => reply.raw.off('close', onClose));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
