import type { Webhook } from '@parley/contract';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeleteWebhook, useDeliveries, useSendTestEvent } from '../api/webhooks';

/** One endpoint: its events, "Send test event", and its delivery log (status, attempts, last error). */
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveries(webhook._id);
  const sendTest = useSendTestEvent();
  const remove = useDeleteWebhook();
  const [error, setError] = useState<string | null>(null);
  const fail = (fallback: string) => (e: unknown) => setError(errorMessage(e, fallback));

  return (
    <Card aria-label={`Webhook ${webhook.url}`} role="region">
      <CardHeader>
        <CardTitle className="text-base break-all">{webhook.url}</CardTitle>
        <div className="flex flex-wrap gap-1">
          {webhook.events.map((event) => (
            <Badge key={event} variant="secondary">
              {event}
            </Badge>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ErrorAlert message={error} />
        <div className="flex gap-2">
          <Button
            size="sm"
            disabled={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(webhook._id, {
                onSuccess: () => setError(null),
                onError: fail('Failed to send the test event'),
              })
            }
          >
            Send test event
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            onClick={() => remove.mutate(webhook._id, { onError: fail('Failed to delete the webhook') })}
          >
            Delete
          </Button>
        </div>
        <table className="w-full text-left text-xs" aria-label="Deliveries">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-1 font-medium">Event</th>
              <th className="py-1 font-medium">Status</th>
              <th className="py-1 font-medium">Attempts</th>
              <th className="py-1 font-medium">Last error</th>
              <th className="py-1 font-medium">Created</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data?.map((d) => (
              <tr key={d._id} className="border-t">
                <td className="py-1">{d.event}</td>
                <td className="py-1">
                  {d.status}
                  {d.responseStatus ? ` (HTTP ${d.responseStatus})` : ''}
                </td>
                <td className="py-1">{d.attempts}</td>
                <td className="py-1 break-all">{d.lastError ?? ''}</td>
                <td className="py-1">{formatDateTime(d.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {deliveries.data?.length === 0 && <p className="text-muted-foreground text-xs">No deliveries yet.</p>}
      </CardContent>
    </Card>
  );
}
