import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AudioPlayer } from './AudioPlayer';

/**
 * jsdom has no media engine: the real <audio> element gets the properties a browser would report
 * (MediaRecorder's WebM reports an Infinity duration) and the events it would fire.
 */
function renderPlayer(props: Partial<Parameters<typeof AudioPlayer>[0]> = {}) {
  const user = userEvent.setup();
  render(
    <>
      <input aria-label="Notes" />
      <AudioPlayer src="/recording.webm" label="Meeting recording" knownDurationSeconds={125} {...props} />
    </>,
  );
  const audio = screen.getByLabelText(props.label ?? 'Meeting recording') as HTMLAudioElement;
  let paused = true;
  Object.defineProperty(audio, 'currentTime', { value: 0, writable: true });
  Object.defineProperty(audio, 'paused', { get: () => paused });
  const report = (duration: number) => {
    Object.defineProperty(audio, 'duration', { value: duration, configurable: true });
    fireEvent(audio, new Event('loadedmetadata'));
    fireEvent(audio, new Event('durationchange'));
  };
  const setPaused = (value: boolean) => {
    paused = value;
    fireEvent(audio, new Event(value ? 'pause' : 'play'));
  };
  return { user, audio, report, setPaused };
}

const time = () => document.querySelector('[data-slot="player-time"]')!.textContent;

describe('audio player', () => {
  it("shows the known length when the file's duration is Infinity (MediaRecorder WebM), and seeks within it", async () => {
    const { user, audio, report } = renderPlayer();
    report(Number.POSITIVE_INFINITY);
    expect(time()).toBe('00:00 / 02:05');
    const scrubber = screen.getByRole('slider', { name: 'Seek' });
    expect(scrubber).toHaveAttribute('max', '125');
    expect(scrubber).toBeEnabled();
    fireEvent.change(scrubber, { target: { value: '60' } });
    expect(audio.currentTime).toBe(60);
    expect(time()).toBe('01:00 / 02:05');
    await user.click(screen.getByRole('button', { name: 'Forward 10 seconds' }));
    expect(audio.currentTime).toBe(70);
    await user.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    await user.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    expect(audio.currentTime).toBe(50);
    fireEvent.change(scrubber, { target: { value: '120' } });
    await user.click(screen.getByRole('button', { name: 'Forward 10 seconds' }));
    expect(audio.currentTime).toBe(125); // not past the end
  });

  it("uses the file's own duration when it has one", () => {
    const { report } = renderPlayer({ knownDurationSeconds: 0 });
    report(Number.NaN);
    expect(time()).toBe('00:00 / --:--');
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeDisabled();
    report(29.5);
    expect(time()).toBe('00:00 / 00:29');
  });

  it('plays and pauses from its button and changes speed', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { user, audio, setPaused } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalledTimes(1);
    setPaused(false);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(pause).toHaveBeenCalledTimes(1);
    const speed = screen.getByLabelText('Playback speed');
    expect([...speed.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '0.75x',
      '1x',
      '1.25x',
      '1.5x',
      '2x',
    ]);
    expect(speed).toHaveValue('1');
    await user.selectOptions(speed, '1.5x');
    expect(audio.playbackRate).toBe(1.5);
  });

  it('answers Space and the arrow keys, but not while the user types in a field', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { user, audio, report, setPaused } = renderPlayer({ keyboardShortcuts: true });
    report(Number.POSITIVE_INFINITY);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(audio.currentTime).toBe(20);
    await user.keyboard('{ArrowLeft}');
    expect(audio.currentTime).toBe(10);
    await user.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
    setPaused(false);
    await user.keyboard(' ');
    expect(pause).toHaveBeenCalledTimes(1);

    await user.click(screen.getByLabelText('Notes'));
    await user.keyboard('a b{ArrowLeft}{ArrowRight}');
    expect(screen.getByLabelText('Notes')).toHaveValue('a b');
    expect(audio.currentTime).toBe(10);
    expect(play).toHaveBeenCalledTimes(1);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('has no page-wide shortcuts unless asked (the recorder preview)', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user, audio, report } = renderPlayer({ label: 'Recording preview' });
    report(Number.POSITIVE_INFINITY);
    await user.keyboard('{ArrowRight} ');
    expect(audio.currentTime).toBe(0);
    expect(play).not.toHaveBeenCalled();
  });
});
