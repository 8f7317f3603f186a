export { streamSummary } from './api/stream-summary';
export { Markdown } from './components/Markdown';
export { SummaryTab } from './components/SummaryTab';
export { parseSeekLink } from './lib/seek-links';
