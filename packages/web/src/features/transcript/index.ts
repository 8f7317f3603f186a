export { getTranscriptPage, transcriptQueryOptions, useTranscript } from './api/get-transcriptions';
export { transcriptKeys } from './api/keys';
export { type TranscriptPlayback, TranscriptTab } from './components/TranscriptTab';
export { SPEAKER_COLORS, speakerColor, speakerColorIndex } from './lib/speaker-color';
