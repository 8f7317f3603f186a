import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, setupFakeApi } from '@/test/fake-api';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('./WebhooksPage')), 30_000);

const NOW = '2026-12-07T10:00:00.000Z';
const delivery = (overrides: object) => ({
  _id: 'd1',
  event: 'meeting.transcribed',
  status: 'pending',
  attempts: 0,
  responseStatus: null,
  lastError: null,
  nextAttemptAt: null,
  createdAt: NOW,
  deliveredAt: null,
  ...overrides,
});

describe('webhook deliveries', () => {
  it("shows each delivery's state in words and its next try, with the reason of a refusal", async () => {
    signIn(server);
    server.on('GET /api/webhooks', () =>
      ok({
        webhooks: [
          {
            _id: 'w1',
            url: 'https://hooks.example.com/x',
            events: ['meeting.transcribed'],
            createdAt: NOW,
            updatedAt: NOW,
          },
        ],
      }),
    );
    server.on('GET /api/webhooks/:id/deliveries', () =>
      ok({
        deliveries: [
          delivery({ _id: 'd1' }),
          delivery({
            _id: 'd2',
            attempts: 2,
            lastError:
              'Refused: hooks.internal is 10.0.0.5, a private or local address (set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow it)',
            nextAttemptAt: '2026-12-07T10:05:00.000Z',
          }),
          delivery({ _id: 'd3', status: 'delivered', attempts: 1, responseStatus: 200, deliveredAt: NOW }),
          delivery({ _id: 'd4', status: 'failed', attempts: 5, responseStatus: 500, lastError: 'HTTP 500' }),
        ],
      }),
    );
    renderApp('/webhooks');
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Waiting to be sent by the worker'),
      expect.stringMatching(
        /Retrying after 2 attempts: next try at Dec 7, 2026, \d{1,2}:05 [AP]M.*WEBHOOK_ALLOW_PRIVATE_NETWORKS/,
      ),
      expect.stringContaining('Delivered (HTTP 200) after 1 attempt'),
      expect.stringContaining('Failed after 5 attempts (HTTP 500): no more tries'),
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
