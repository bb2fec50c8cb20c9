import { act, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import hindi from '@/locales/hi/profile.json';
import { renderForReader } from '@/test/render';
import { VideoRecorder } from './video-recorder';

// A camera and a recorder standing in for the phone's: the recorder decides whether the browser can film when it is
// loaded, so they are in place before it is imported.
const device = vi.hoisted(() => {
  class Track {
    stopped = false;
    stop() {
      this.stopped = true;
    }
  }
  /** The camera's picture and the microphone's sound. */
  class Stream {
    readonly tracks = [new Track(), new Track()];
    getTracks() {
      return this.tracks;
    }
  }
  const state = {
    /** What the next request for the camera answers: a stream, or a refusal. */
    answer: (): Promise<Stream> => Promise.resolve(new Stream()),
    asked: 0,
    cameras: 1,
    streams: [] as Stream[],
    recorders: [] as Recorder[],
    Stream,
  };
  class Recorder {
    static isTypeSupported = (type: string) => type === 'video/webm;codecs=vp8,opus';
    state: 'inactive' | 'recording' = 'inactive';
    readonly mimeType: string;
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    constructor(_stream: Stream, options: { mimeType?: string }) {
      this.mimeType = options.mimeType ?? '';
      state.recorders.push(this);
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      if (this.state === 'inactive') return;
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob(['recorded frames'], { type: this.mimeType }) });
      this.onstop?.();
    }
  }
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        state.asked += 1;
        const stream = await state.answer();
        state.streams.push(stream);
        return stream;
      },
      enumerateDevices: async () => Array.from({ length: state.cameras }, () => ({ kind: 'videoinput' })),
    },
  });
  Object.assign(globalThis, { MediaRecorder: Recorder });
  return state;
});

const refusal = (name: string) => () => Promise.reject(new DOMException('refused', name));

beforeEach(() => {
  device.answer = () => Promise.resolve(new device.Stream());
  device.asked = 0;
  device.cameras = 1;
  device.streams = [];
  device.recorders = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:recording');
  // The countdown brings the recorder into view; the simulated page does not scroll.
  vi.spyOn(window, 'scrollBy').mockReturnValue(undefined);
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function openRecorder(language: 'en' | 'hi' = 'en') {
  const onUse = vi.fn<(file: File) => void>();
  const onClose = vi.fn();
  const view = await renderForReader(<VideoRecorder onUse={onUse} onClose={onClose} />, { language, namespaces: ['profile'] });
  return { onUse, onClose, view };
}

/** Time passes on the recorder's clock and its timers. */
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** The camera is on and the person taps Start: three seconds of countdown, then it films. */
async function startRecording() {
  // Only the recorder's clock is the test's: React and the page's events keep real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  const opened = await openRecorder();
  const start = await screen.findByRole('button', { name: 'Start recording' });
  await userEvent.setup({ delay: null }).click(start);
  return opened;
}

describe('the video recorder', () => {
  it('shows the preview and what to say while it asks for the camera, and Start once it has it', async () => {
    let allow!: () => void;
    device.answer = () => new Promise((resolve) => (allow = () => resolve(new device.Stream())));
    await openRecorder();

    expect(screen.getByRole('region', { name: 'Record your introduction' })).toBeInTheDocument();
    expect(screen.getByLabelText('Camera preview')).toBeInTheDocument();
    expect(screen.getByText('What to say (up to 90 seconds)')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Your name',
      'Your trade or the work you do',
      'How many years you have worked in the Gulf',
      'The languages you speak',
      'When you can start',
    ]);
    expect(screen.queryByRole('button', { name: 'Start recording' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(async () => allow());
    expect(await screen.findByRole('button', { name: 'Start recording' })).toBeEnabled();
    // One camera: nothing to switch to.
    expect(screen.queryByRole('button', { name: 'Switch camera' })).not.toBeInTheDocument();
  });

  it('offers to switch between the front and back cameras when the phone has both', async () => {
    device.cameras = 2;
    await openRecorder();
    await userEvent.click(await screen.findByRole('button', { name: 'Switch camera' }));
    expect(await screen.findByRole('button', { name: 'Start recording' })).toBeInTheDocument();
    expect(device.asked).toBe(2);
    // The front camera is let go of when the back one is opened.
    expect(device.streams[0]!.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('says how to allow the camera when it was refused, and tries again', async () => {
    device.answer = refusal('NotAllowedError');
    await openRecorder();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The camera is not allowed for this site. Allow the camera and microphone in your browser's settings, then try again, or upload a video file instead.",
    );
    expect(screen.queryByRole('button', { name: 'Start recording' })).not.toBeInTheDocument();

    device.answer = () => Promise.resolve(new device.Stream());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Start recording' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(device.asked).toBe(2);
  });

  it('says so in Hindi when there is no camera', async () => {
    device.answer = refusal('NotFoundError');
    await openRecorder('hi');
    expect(screen.getByRole('region', { name: hindi.recorder.title })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(hindi.recorder.noCamera);
    expect(screen.getByRole('button', { name: hindi.recorder.tryAgain })).toBeInTheDocument();
  });

  it('counts down from three, then records with a running timer and Stop', async () => {
    await startRecording();
    expect(screen.getByText('Recording starts in 3 seconds')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start recording' })).not.toBeInTheDocument();
    await wait(1000);
    expect(screen.getByText('Recording starts in 2 seconds')).toBeInTheDocument();
    await wait(1000);
    expect(screen.getByText('Recording starts in 1 second')).toBeInTheDocument();
    expect(device.recorders).toHaveLength(0);

    await wait(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:00 / 1:30');
    expect(device.recorders[0]!.state).toBe('recording');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await wait(5000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:05 / 1:30');
    await wait(60_000);
    expect(screen.getByRole('timer')).toHaveTextContent('1:05 / 1:30');
    // The camera's picture stays on the screen while it films.
    expect(screen.getByLabelText('Camera preview')).toBeVisible();
  });

  it('plays the recording back to use it or record again', async () => {
    const { onUse } = await startRecording();
    await wait(3000 + 12_000);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Stop' }));

    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your recording')).toHaveAttribute('src', 'blob:recording');
    expect(screen.getByRole('button', { name: 'Record again' })).toBeInTheDocument();

    // The playback lets go of the recording before its address is given back: an element still loading after it
    // left the page would ask a given-back address again, and fail.
    const playback = screen.getByLabelText('Your recording') as HTMLVideoElement;
    const released: { src: string | null; loaded: boolean }[] = [];
    const load = vi.mocked(HTMLMediaElement.prototype.load);
    vi.mocked(URL.revokeObjectURL).mockImplementation(() => released.push({ src: playback.getAttribute('src'), loaded: load.mock.contexts.includes(playback) }));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Record again' }));
    expect(screen.queryByLabelText('Your recording')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recording');
    expect(released).toEqual([{ src: null, loaded: true }]);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Start recording' }));
    await wait(3000 + 4000);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Stop' }));

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Use this video' }));
    expect(onUse).toHaveBeenCalledTimes(1);
    const file = onUse.mock.calls[0]![0];
    expect(file).toMatchObject({ name: 'introduction.webm', type: 'video/webm' });
    expect(await file.text()).toBe('recorded frames');
    // The camera's light goes off once the video is taken.
    expect(device.streams[0]!.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('stops by itself at the limit and shows what it recorded', async () => {
    await startRecording();
    await wait(3000 + 89_500);
    expect(screen.getByRole('timer')).toHaveTextContent('1:29 / 1:30');
    expect(device.recorders[0]!.state).toBe('recording');

    await wait(500);
    expect(device.recorders[0]!.state).toBe('inactive');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your recording')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use this video' })).toBeInTheDocument();
  });

  it('lets go of the camera when it is closed', async () => {
    const { onClose, view } = await openRecorder();
    await screen.findByRole('button', { name: 'Start recording' });
    await userEvent.click(screen.getByRole('button', { name: 'Close the camera' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => {
      view.unmount();
    });
    expect(device.streams[0]!.tracks.every((track) => track.stopped)).toBe(true);
  });
});
