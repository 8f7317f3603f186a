import type { Db, DbKind } from '../db/database.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from '../db/schema.ts';
import { nowIso } from '../lib/ids.ts';

export type WebhookRow = WebhooksTable;
export type WebhookDeliveryRow = WebhookDeliveriesTable;

/** How many deliveries the log shows per endpoint, newest first. */
const DELIVERY_LOG_LIMIT = 50;

export function webhooksRepository(db: Db, kind: DbKind) {
  return {
    /** Holds the endpoint's row until `trx` ends (PostgreSQL; SQLite writes one transaction at a time). */
    async lock(trx: Db, id: string): Promise<void> {
      if (kind === 'postgres') await trx.selectFrom('webhooks').select('id').where('id', '=', id).forUpdate().execute();
    },

    /** When each delivery of `event` to the endpoint since `since` was made, oldest first. */
    async deliveryTimesSince(trx: Db, webhookId: string, event: string, since: string): Promise<string[]> {
      const rows = await trx
        .selectFrom('webhook_deliveries')
        .select('created_at')
        .where('webhook_id', '=', webhookId)
        .where('created_at', '>', since)
        .where('event', '=', event)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.created_at);
    },

    async insert(row: WebhookRow) {
      await db.insertInto('webhooks').values(row).execute();
    },

    listForUser: (userId: string) =>
      db
        .selectFrom('webhooks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    countForUser: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom('webhooks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    findForUser: (userId: string, id: string) =>
      db.selectFrom('webhooks').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    findById: (id: string) => db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * The endpoints of every member of the project, who all may read its meetings (decision 220), but
     * not of a disabled account, which reads nothing any more (decision 221); which of them want an
     * event is decided by the caller (events are JSON text).
     */
    listForMembersIn: (trx: Db, projectId: string) =>
      trx
        .selectFrom('webhooks')
        .selectAll('webhooks')
        .where('webhooks.user_id', 'in', (eb) =>
          eb
            .selectFrom('project_members')
            .innerJoin('users', 'users.id', 'project_members.user_id')
            .select('project_members.user_id')
            .where('project_members.project_id', '=', projectId)
            .where('users.disabled', '=', 0),
        )
        .execute(),

    async update(userId: string, id: string, changes: Partial<Pick<WebhookRow, 'url' | 'events' | 'secret'>>) {
      const result = await db
        .updateTable('webhooks')
        .set({ ...changes, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('webhooks')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insertDelivery(trx: Db, row: WebhookDeliveryRow) {
      await trx.insertInto('webhook_deliveries').values(row).execute();
    },

    deliveriesFor: (webhookId: string) =>
      db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(DELIVERY_LOG_LIMIT)
        .execute(),

    findDelivery: (id: string) =>
      db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The oldest unfinished delivery of an endpoint: deliveries go out in the order they were made. */
    nextPending: (webhookId: string) =>
      db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),

    /** Endpoints with a pending delivery that is due, for the sweep that queues their delivery jobs. */
    async webhooksWithDueDeliveries(now: string): Promise<Array<{ webhookId: string; userId: string }>> {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['webhook_id', 'user_id'])
        .distinct()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .execute();
      return rows.map((r) => ({ webhookId: r.webhook_id, userId: r.user_id }));
    },

    async recordAttempt(
      id: string,
      changes: Pick<
        WebhookDeliveryRow,
        'status' | 'response_status' | 'last_error' | 'next_attempt_at' | 'delivered_at'
      >,
    ) {
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ ...changes, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}
