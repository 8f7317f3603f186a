import { routes, type SummaryTemplate, type SummaryTemplateRequest } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { summaryTemplateKeys } from '@/api/summary-templates/get-summary-templates';
import { callRoute } from '@/lib/api-client';

export async function createSummaryTemplate(body: SummaryTemplateRequest): Promise<SummaryTemplate> {
  return (await callRoute(routes.createSummaryTemplate, { body })).data;
}
export async function updateSummaryTemplate(id: string, body: SummaryTemplateRequest): Promise<SummaryTemplate> {
  return (await callRoute(routes.updateSummaryTemplate, { params: { id }, body })).data;
}
export async function deleteSummaryTemplate(id: string): Promise<void> {
  await callRoute(routes.deleteSummaryTemplate, { params: { id } });
}

export function useSaveSummaryTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SummaryTemplateRequest }) =>
      id ? updateSummaryTemplate(id, body) : createSummaryTemplate(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summaryTemplateKeys.all }),
  });
}

export function useDeleteSummaryTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSummaryTemplate,
    // The server also unsets it where a project had it as its default; until the project is read again,
    // pickers treat a default missing from the list as the built-in one (resolveTemplateId).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summaryTemplateKeys.all }),
  });
}
