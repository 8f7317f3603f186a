/**
 * Recording a call (issue 38, docs/decisions/241 and 250): the microphone on the left channel and a
 * browser tab's audio (the call) on the right, one stereo stream for the MediaRecorder. The server
 * hears each side alone and names the left side after the person recording.
 */

/** Why the tab switch is off, or null where this browser can capture a tab's audio. */
export function tabAudioUnavailableReason(): string | null {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (typeof devices?.getDisplayMedia !== 'function') return "This browser can't share a tab's audio";
  // Only Chromium-based browsers give a shared tab's audio; their mark is a constraint no other
  // browser knows (Firefox and Safari share the screen without sound).
  const constraints = devices.getSupportedConstraints?.() ?? {};
  if (!('suppressLocalAudioPlayback' in constraints)) return "This browser can't share a tab's audio";
  return null;
}

/**
 * Asks the person for a tab and keeps only its audio; null when the chosen tab (or window) shares no
 * sound. Chromium only offers tabs with video asked for, so the video track is stopped at once.
 */
export async function captureTabAudio(): Promise<MediaStream | null> {
  const shared = await navigator.mediaDevices.getDisplayMedia(DISPLAY_MEDIA_OPTIONS).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw new Error(TAB_NOT_SHARED);
    throw error;
  });
  for (const track of shared.getVideoTracks()) track.stop();
  const audio = shared.getAudioTracks();
  if (audio.length === 0) return null;
  return new MediaStream(audio);
}

export const TAB_NOT_SHARED =
  'no tab was shared. Choose a tab, or turn off "Include audio from a browser tab" to record the microphone alone';

const DISPLAY_MEDIA_OPTIONS = {
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  video: true,
  // Chromium hints: offer tabs first, keep the tab audible to the person recording.
  ...({ preferCurrentTab: false, selfBrowserSurface: 'exclude', systemAudio: 'include' } as object),
} as DisplayMediaStreamOptions;

export interface CallMix {
  /** Stereo: the microphone left, the tab right. */
  stream: MediaStream;
  /** Stops the tab's and the microphone's tracks and closes the audio graph. */
  release: () => void;
}

/** The microphone on channel 0 (left) and the tab on channel 1 (right), through Web Audio. */
export function mixCall(microphone: MediaStream, tab: MediaStream): CallMix {
  const context = new AudioContext();
  void context.resume(); // started outside the click's gesture (after the pickers), it may wait
  const merger = context.createChannelMerger(2);
  // Each source is brought to one channel first: a stereo tab would otherwise spill into both inputs.
  const side = (stream: MediaStream, input: 0 | 1) => {
    const source = context.createMediaStreamSource(stream);
    const mono = context.createGain();
    mono.channelCount = 1;
    mono.channelCountMode = 'explicit';
    mono.channelInterpretation = 'speakers';
    source.connect(mono).connect(merger, 0, input);
  };
  side(microphone, 0);
  side(tab, 1);
  const destination = context.createMediaStreamDestination();
  destination.channelCount = 2;
  merger.connect(destination);
  return {
    stream: destination.stream,
    release: () => {
      for (const track of [...microphone.getTracks(), ...tab.getTracks(), ...destination.stream.getTracks()])
        track.stop();
      void context.close();
    },
  };
}
