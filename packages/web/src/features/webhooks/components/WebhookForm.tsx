import { type CreatedWebhook, WEBHOOK_EVENTS, type WebhookEvent } from '@parley/contract';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useActionError } from '@/hooks/use-action-error';
import { useCreateWebhook } from '../api/webhooks';

/** Adds an endpoint; the secret it is signed with is shown once, right after. */
export function WebhookForm() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['meeting.transcribed']);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const { error, attempt } = useActionError();

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    return attempt(async () => {
      setCreated(await create.mutateAsync({ url: url.trim(), events }));
      setUrl('');
    }, 'Failed to add the webhook');
  };

  return (
    <div className="grid gap-3">
      <form onSubmit={onSubmit} className="grid gap-3" aria-label="Add a webhook">
        <ErrorAlert message={error} />
        <FormField id="webhook-url" label="Endpoint URL">
          <Input
            id="webhook-url"
            type="url"
            placeholder="https://example.com/parley-webhook"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </FormField>
        <fieldset className="grid gap-1 text-sm">
          <legend className="mb-1 font-medium">Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <code>{event}</code>
            </label>
          ))}
        </fieldset>
        <Button
          type="submit"
          className="justify-self-start"
          disabled={create.isPending || !url.trim() || !events.length}
        >
          {create.isPending ? 'Adding...' : 'Add webhook'}
        </Button>
      </form>
      {created && (
        <div role="status" className="grid gap-1 rounded-md border p-3 text-sm">
          <p className="font-medium">Signing secret for {created.url} (shown once):</p>
          <code data-testid="webhook-secret" className="bg-muted rounded px-2 py-1 text-xs break-all">
            {created.secret}
          </code>
        </div>
      )}
    </div>
  );
}
