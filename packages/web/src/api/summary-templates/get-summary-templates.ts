import { routes, type SummaryTemplate } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

export const summaryTemplateKeys = { all: ['summary-templates'] as const };

/** The built-in default first, then the user's own (docs/decisions/143). */
export async function getSummaryTemplates(): Promise<SummaryTemplate[]> {
  return (await callRoute(routes.listSummaryTemplates)).data.templates;
}
export const summaryTemplatesQueryOptions = () =>
  queryOptions({ queryKey: summaryTemplateKeys.all, queryFn: getSummaryTemplates });
export const useSummaryTemplates = () => useQuery(summaryTemplatesQueryOptions());
