export { USAGE_TOOLTIP_DELAY_MS, UsageBar } from './components/UsageBar';
export { bumpUsageInCache, useBumpUsage } from './hooks/use-bump-usage';
export { isOverMonthlyLimit, summarizeUsage, type UsageLevel, type UsageSummary, usageLevel } from './lib/usage';
