import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
const hook = {
  _id: '000000000000000000000001',
  url: 'https://hooks.example.com/parley',
  events: ['meeting.transcribed'],
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const delivery = {
  _id: '000000000000000000000002',
  event: 'webhook.test',
  status: 'pending',
  attempts: 0,
  responseStatus: null,
  lastError: null,
  nextAttemptAt: null,
  createdAt: '2026-12-01T10:01:00.000Z',
  deliveredAt: null,
};

describe('Send test event', () => {
  it('shows the server’s limit when tests come too fast, and clears it once one is sent', async () => {
    signIn(server);
    server.on('GET /api/webhooks', () => ok({ webhooks: [hook] }));
    server.on('GET /api/webhooks/:id/deliveries', () => ok({ deliveries: [] }));
    let limited = true;
    server.on('POST /api/webhooks/:id/test', () =>
      limited
        ? fail(429, 'At most 5 test events a minute per webhook. Try again in 42 seconds.')
        : { status: 202, body: { success: true, data: delivery } },
    );
    const { user } = renderApp('/webhooks');
    const card = await screen.findByRole('region', { name: `Webhook ${hook.url}` });
    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(
      await within(card).findByText('At most 5 test events a minute per webhook. Try again in 42 seconds.'),
    ).toBeInTheDocument();
    limited = false;
    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(within(card).queryByText(/At most 5 test events/)).toBeNull());
  });
});
