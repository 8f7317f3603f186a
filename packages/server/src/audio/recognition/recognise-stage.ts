/**
 * The recognise stage: a piece of speech in, its words with their times out. An engine that gives
 * segments with times (a remote service) places them itself; Moonshine gives one text per piece,
 * heard over the piece's speech spans (speech-spans.ts) and shared out over them by duration.
 */
import type { SpanOptions } from '../speech/speech-spans.ts';
import { speechSpans } from '../speech/speech-spans.ts';
import type { SpeechPiece } from '../speech/vad.ts';
import { type AsrEngine, hasSegments, type SegmentingAsrEngine } from './engine.ts';
import { splitText } from './split-text.ts';

export interface RecognisedSegment {
  text: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** A second voice's segment (an overlap piece, decision 024). */
  overlap?: boolean;
}

/** The words of one piece, in order; none when nothing was heard. */
export async function recognisePiece(
  engine: AsrEngine,
  piece: SpeechPiece,
  spans: SpanOptions,
  signal?: AbortSignal,
): Promise<RecognisedSegment[]> {
  const found = hasSegments(engine)
    ? await segmentsWithTimes(engine, piece, signal)
    : await textOverSpans(engine, piece, spans, signal);
  return piece.overlap ? found.map((s) => ({ ...s, overlap: true })) : found;
}

async function segmentsWithTimes(
  engine: SegmentingAsrEngine,
  piece: SpeechPiece,
  signal?: AbortSignal,
): Promise<RecognisedSegment[]> {
  const segments: RecognisedSegment[] = [];
  for (const p of await engine.transcribeSegments(piece.samples, { signal })) {
    const text = p.text.trim();
    if (!text) continue;
    const start = Math.min(piece.end, piece.start + Math.max(0, p.start));
    const end = Math.min(piece.end, Math.max(start, piece.start + p.end));
    segments.push({ text, start, end: end > start ? end : piece.end });
  }
  return segments;
}

async function textOverSpans(
  engine: AsrEngine,
  piece: SpeechPiece,
  spanOptions: SpanOptions,
  signal?: AbortSignal,
): Promise<RecognisedSegment[]> {
  const found = piece.missed ? [] : speechSpans(piece, spanOptions);
  // the recogniser hears the sides with the padding between them, not the whole silence: the same
  // context for a fraction of the audio (recognition is the hour's critical path, decision 019)
  const heard = found.length > 1 ? joinSamples(found.map((s) => spanSamples(piece, s))) : piece.samples;
  let text = (await engine.transcribe(heard, { signal })).trim();
  if (found.length > 1 && text.split(/\s+/).filter(Boolean).length < found.length) {
    // a piece joined across a long silence that gave less than a word a side: Moonshine
    // sometimes gives nothing for two unrelated stretches; each side is heard alone, as before the join
    const sides: string[] = [];
    for (const s of found) sides.push((await engine.transcribe(spanSamples(piece, s), { signal })).trim());
    text = sides.filter(Boolean).join(' ');
  }
  // a piece that joined speech across a long silence gives one segment per side of it (a piece
  // only the segmentation model heard is one stretch: Silero's frames say nothing of it)
  const spans = (found.length ? found : [piece]).map((s, i) => ({ start: s.start, end: s.end, speaker: String(i) }));
  return (text ? splitText(text, spans) : []).map((part) => ({ text: part.text, start: part.start, end: part.end }));
}

function joinSamples(parts: Float32Array[]): Float32Array {
  const joined = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    joined.set(p, at);
    at += p.length;
  }
  return joined;
}

/** The audio of one span of a piece. */
function spanSamples(piece: SpeechPiece, span: { start: number; end: number }): Float32Array {
  return piece.samples.slice(
    Math.max(0, Math.round((span.start - piece.start) * 16000)),
    Math.min(piece.samples.length, Math.round((span.end - piece.start) * 16000)),
  );
}
