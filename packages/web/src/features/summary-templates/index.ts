export { useSummaryTemplates } from './api/summary-templates';
export { SummaryTemplateSelect } from './components/SummaryTemplateSelect';
export { resolveTemplateId } from './lib/templates';
