export { streamSummary } from './api/stream-summary';
export { useSummaryTemplates } from './api/summary-templates';
export { Markdown } from './components/Markdown';
export { SummaryTab } from './components/SummaryTab';
export { SummaryTemplateSelect } from './components/SummaryTemplateSelect';
export { parseSeekLink } from './lib/seek-links';
export { resolveTemplateId, TEMPLATES_PATH } from './lib/templates';
