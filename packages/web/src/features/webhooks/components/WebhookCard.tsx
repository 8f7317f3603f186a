import type { Webhook, WebhookDelivery } from '@parley/contract';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeleteWebhook, useDeliveries, useSendTestEvent } from '../api/webhooks';

const attemptsText = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** A delivery's state in words, with its next try while it is still to be sent. */
export function deliveryState(d: WebhookDelivery): string {
  const next = d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : null;
  if (d.status === 'delivered')
    return `Delivered${d.responseStatus ? ` (HTTP ${d.responseStatus})` : ''} after ${attemptsText(d.attempts)}`;
  if (d.status === 'failed')
    return `Failed after ${attemptsText(d.attempts)}${d.responseStatus ? ` (HTTP ${d.responseStatus})` : ''}: no more tries`;
  if (d.attempts === 0) return next ? `Waiting to be sent: first try at ${next}` : 'Waiting to be sent by the worker';
  return `Retrying after ${attemptsText(d.attempts)}${d.responseStatus ? ` (HTTP ${d.responseStatus})` : ''}${
    next ? `: next try at ${next}` : ''
  }`;
}

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
        {/* A list, not a table: each delivery reads on its own lines on a 375 px phone. */}
        <ul className="grid gap-2 text-xs" aria-label="Deliveries">
          {deliveries.data?.map((d) => (
            <li key={d._id} className="grid gap-0.5 border-t pt-2 wrap-anywhere">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{d.event}</span>
                <span className="text-muted-foreground">{formatDateTime(d.createdAt)}</span>
              </div>
              <span>{deliveryState(d)}</span>
              {d.lastError && <span className="text-muted-foreground">Last error: {d.lastError}</span>}
            </li>
          ))}
        </ul>
        {deliveries.data?.length === 0 && <p className="text-muted-foreground text-xs">No deliveries yet.</p>}
      </CardContent>
    </Card>
  );
}
