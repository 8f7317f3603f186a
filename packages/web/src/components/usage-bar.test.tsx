import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '@/api/session/get-me';
import { bumpUsageInCache } from '@/api/session/use-bump-usage';
import { TooltipProvider } from '@/components/ui/tooltip';
import { summarizeUsage, usageLevel } from '@/lib/usage';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { USAGE_TOOLTIP_DELAY_MS, UsageBar } from './usage-bar';

const LIMIT = 18_000; // 300 minutes

function userWith(usedSeconds: number, limitSeconds = LIMIT) {
  return makeUser({
    tier: { name: 'free', limits: { monthlyDuration: limitSeconds, maxFileSize: 1 } },
    currentMonthUsage: { duration: usedSeconds, month: 11, year: 2026 },
  });
}

function renderBar(usedSeconds: number) {
  const user = userEvent.setup();
  render(
    <TooltipProvider>
      <UsageBar user={userWith(usedSeconds)} />
    </TooltipProvider>,
  );
  const bar = screen.getByRole('progressbar', { name: 'Monthly usage' });
  return { user, bar, level: bar.closest('[data-level]')!.getAttribute('data-level') };
}

describe('usage levels', () => {
  it('is green below 80%, yellow from 80% and red from 100%', () => {
    expect(usageLevel(0)).toBe('ok');
    expect(usageLevel(0.7999)).toBe('ok');
    expect(usageLevel(0.8)).toBe('warning');
    expect(usageLevel(0.9999)).toBe('warning');
    expect(usageLevel(1)).toBe('limit');
    expect(usageLevel(1.5)).toBe('limit');
  });

  it('shows minutes: limit seconds / 60 rounded, default 300 when the tier has none', () => {
    expect(summarizeUsage(userWith(90, 18_029))).toMatchObject({ usedMinutes: 2, limitMinutes: 300 });
    const noTier = { ...userWith(0), tier: undefined } as unknown as Parameters<typeof summarizeUsage>[0];
    expect(summarizeUsage(noTier).limitMinutes).toBe(300);
  });
});

describe('UsageBar', () => {
  it('shows what is true with 30 of 60 s used, not a rounded "1 / 1 min"', () => {
    render(
      <TooltipProvider>
        <UsageBar user={userWith(30, 60)} />
      </TooltipProvider>,
    );
    expect(screen.getByText('0.5 / 1 min')).toBeInTheDocument();
    expect(screen.queryByText('1 / 1 min')).not.toBeInTheDocument();
  });

  it('shows used and limit minutes, green with no tooltip below 80%', async () => {
    const { user, bar, level } = renderBar(0.79 * LIMIT);
    expect(screen.getByText('237 / 300 min')).toBeInTheDocument();
    expect(level).toBe('ok');
    expect(bar.firstElementChild).toHaveClass('bg-green-500');
    await user.hover(bar);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it("turns yellow at 80% with the tooltip 'Approaching limit', opening at once", async () => {
    const { user, bar, level } = renderBar(0.8 * LIMIT);
    expect(level).toBe('warning');
    expect(bar.firstElementChild).toHaveClass('bg-yellow-500');
    expect(USAGE_TOOLTIP_DELAY_MS).toBe(0);
    await user.hover(bar);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Approaching limit');
  });

  it("turns red at 100% with the tooltip 'Limit reached'", async () => {
    const { user, bar, level } = renderBar(LIMIT);
    expect(level).toBe('limit');
    expect(bar.firstElementChild).toHaveClass('bg-red-500');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    await user.hover(bar);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Limit reached');
  });

  it('opens its tooltip on keyboard focus too', async () => {
    const { user } = renderBar(LIMIT);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Limit reached');
  });
});

/** Reads the cached `me` user like the shell does, so cache edits re-render it. */
function CachedUsage() {
  const { data } = useQuery({ queryKey: meQueryKey, queryFn: () => userWith(0), enabled: false });
  return data ? <UsageBar user={data} /> : null;
}

describe('bumpUsageInCache', () => {
  it("adds a new meeting's duration to the cached user so the bar updates at once", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(meQueryKey, userWith(0.7 * LIMIT));
    render(
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <CachedUsage />
        </TooltipProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('210 / 300 min')).toBeInTheDocument();
    act(() => bumpUsageInCache(queryClient, 0.1 * LIMIT + 0.4));
    expect(await screen.findByText('240 / 300 min')).toBeInTheDocument();
    expect(screen.getByRole('progressbar').closest('[data-level]')).toHaveAttribute('data-level', 'warning');
  });
});
