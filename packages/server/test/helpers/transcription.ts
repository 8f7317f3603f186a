/**
 * How long a test waits for the worker to transcribe real speech. Whisper on a few seconds of speech
 * takes seconds on a quiet machine and minutes on a loaded one (CI's two cores shared by every test
 * process): the bound only catches a stalled worker, each wait ends on the meeting's own status.
 */
export const TRANSCRIPTION_WAIT_MS = 300_000;

/** The timeout of a test that waits for a transcription: the wait, and its own requests around it. */
export const TRANSCRIPTION_TEST_MS = TRANSCRIPTION_WAIT_MS + 60_000;
