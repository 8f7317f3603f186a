import type { User } from '@parley/contract';
import { Progress } from 'radix-ui';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatUsageMinutes, summarizeUsage, USAGE_TOOLTIPS, type UsageLevel } from '@/lib/usage';
import { cn } from '@/lib/utils';

/** The usage bar's tooltip opens at once (spec section 9), unlike the 700 ms default. */
export const USAGE_TOOLTIP_DELAY_MS = 0;

const BAR_COLOURS: Record<UsageLevel, string> = {
  ok: 'bg-green-500',
  warning: 'bg-yellow-500',
  limit: 'bg-red-500',
};

export function UsageBar({
  user,
  collapsed = false,
  compact = false,
  className,
}: {
  user: Pick<User, 'tier' | 'currentMonthUsage'>;
  /** Bar only (collapsed sidebar): the figures move into the tooltip. */
  collapsed?: boolean;
  /** One line, figures beside a short bar (mobile header). */
  compact?: boolean;
  className?: string;
}) {
  const usage = summarizeUsage(user);
  const minutes = formatUsageMinutes(usage.usedSeconds, usage.limitSeconds);
  const tooltip = usage.level === 'ok' ? (collapsed ? `Monthly usage: ${minutes}` : null) : USAGE_TOOLTIPS[usage.level];

  const bar = (
    <div
      data-level={usage.level}
      className={cn(
        'rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        compact ? 'flex items-center gap-2' : 'grid gap-1.5',
        className,
      )}
      tabIndex={tooltip ? 0 : undefined}
    >
      {compact && <span className="text-muted-foreground text-xs whitespace-nowrap tabular-nums">{minutes}</span>}
      {!collapsed && !compact && (
        <div className="flex items-baseline justify-between gap-2 text-xs">
          <span className="text-muted-foreground">Monthly usage</span>
          <span className="font-medium tabular-nums">{minutes}</span>
        </div>
      )}
      <Progress.Root
        value={Math.round(usage.percent)}
        max={100}
        aria-label="Monthly usage"
        aria-valuetext={`${minutes} used`}
        className="bg-muted relative h-2 w-full overflow-hidden rounded-full"
      >
        <Progress.Indicator
          className={cn('h-full rounded-full transition-[width]', BAR_COLOURS[usage.level])}
          style={{ width: `${usage.percent}%` }}
        />
      </Progress.Root>
    </div>
  );

  if (!tooltip) return bar;
  return (
    <Tooltip delayDuration={USAGE_TOOLTIP_DELAY_MS}>
      <TooltipTrigger asChild>{bar}</TooltipTrigger>
      <TooltipContent side={collapsed ? 'right' : 'top'}>{tooltip}</TooltipContent>
    </Tooltip>
  );
}
