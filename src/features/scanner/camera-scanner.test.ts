import { CameraScanner, type CameraVideo, mediaErrorCode, type ScannerErrorCode } from './camera-scanner.ts';

/** A camera track that records whether it was stopped. */
class FakeTrack {
  readyState: 'live' | 'ended' = 'live';
  stop() {
    this.readyState = 'ended';
  }
}

function fakeStream() {
  const tracks = [new FakeTrack()];
  return { tracks, stream: { getTracks: () => tracks } as unknown as MediaStream };
}

/** A <video> whose first frame loads when the test says so. */
class FakeVideo implements CameraVideo {
  srcObject: MediaProvider | null = null;
  readyState = 0;
  #listeners = new Set<() => void>();
  play = vi.fn(async () => {});
  addEventListener(_: 'loadeddata', listener: () => void) {
    this.#listeners.add(listener);
  }
  removeEventListener(_: 'loadeddata', listener: () => void) {
    this.#listeners.delete(listener);
  }
  load() {
    this.readyState = 4;
    for (const listener of [...this.#listeners]) listener();
  }
}

function setup(
  options: { secure?: boolean; getUserMedia?: (c: MediaStreamConstraints) => Promise<MediaStream> } = {},
) {
  const video = new FakeVideo();
  const streams: ReturnType<typeof fakeStream>[] = [];
  const asked: MediaStreamConstraints[] = [];
  const getUserMedia =
    options.getUserMedia ??
    (async (constraints: MediaStreamConstraints) => {
      asked.push(constraints);
      const made = fakeStream();
      streams.push(made);
      return made.stream;
    });
  const events = {
    states: [] as string[],
    errors: [] as ScannerErrorCode[],
    ready: 0,
    frozen: 0,
  };
  const scanner = new CameraScanner(
    video,
    { isSecureContext: options.secure ?? true, navigator: { mediaDevices: { getUserMedia } } },
    {
      onState: (state) => events.states.push(state),
      onError: (code) => events.errors.push(code),
      onReady: () => events.ready++,
      onFreeze: () => events.frozen++,
    },
  );
  const allTracks = () => streams.flatMap((made) => made.tracks.map((track) => track.readyState));
  return { video, scanner, streams, asked, events, allTracks };
}

/** Lets the awaited getUserMedia settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the camera scanner', () => {
  it('stays stopped until it is shown', async () => {
    const { scanner, asked } = setup();
    await settle();
    expect(scanner.state).toBe('stopped');
    expect(asked).toEqual([]);
  });

  it('starts when shown and not paused, with the back camera and no microphone', async () => {
    const { scanner, asked, video, events } = setup();
    scanner.show(true);
    await settle();
    expect(scanner.state).toBe('started');
    expect(asked).toEqual([{ audio: false, video: { facingMode: { ideal: 'environment' } } }]);
    expect(video.srcObject).not.toBeNull();
    expect(events.states).toEqual(['started']);
  });

  it('does not start while paused', async () => {
    const { scanner, asked } = setup();
    scanner.pause(true);
    scanner.show(true);
    await settle();
    expect(scanner.state).toBe('stopped');
    expect(asked).toEqual([]);
  });

  it('is ready 500 ms after the stream loads, not before', async () => {
    const { scanner, video, events } = setup();
    scanner.show(true);
    await settle();
    video.load();
    await settle();
    await vi.advanceTimersByTimeAsync(499);
    expect(scanner.ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(scanner.ready).toBe(true);
    expect(events.ready).toBe(1);
    expect(video.play).toHaveBeenCalled();
  });

  it('pausing freezes the last frame and stops every track; resuming starts a new stream', async () => {
    const { scanner, video, events, allTracks, streams } = setup();
    scanner.show(true);
    await settle();
    video.load();
    await vi.advanceTimersByTimeAsync(500);
    scanner.pause(true);
    expect(scanner.state).toBe('stopped');
    expect(events.frozen).toBe(1);
    expect(allTracks()).toEqual(['ended']);
    expect(video.srcObject).toBeNull();
    expect(scanner.ready).toBe(false);
    scanner.pause(false);
    await settle();
    expect(scanner.state).toBe('started');
    expect(streams).toHaveLength(2);
    expect(allTracks()).toEqual(['ended', 'live']);
  });

  it('hiding the tab stops every track and showing it again restarts', async () => {
    const { scanner, video, allTracks } = setup();
    scanner.show(true);
    await settle();
    video.load();
    scanner.show(false);
    expect(allTracks()).toEqual(['ended']);
    expect(scanner.state).toBe('stopped');
    scanner.show(true);
    await settle();
    expect(allTracks()).toEqual(['ended', 'live']);
  });

  it('closing stops every track and nothing starts it again', async () => {
    const { scanner, video, allTracks, asked } = setup();
    scanner.show(true);
    await settle();
    video.load();
    scanner.close();
    scanner.show(true);
    scanner.pause(false);
    scanner.retry();
    await settle();
    expect(allTracks()).toEqual(['ended']);
    expect(asked).toHaveLength(1);
    expect(scanner.state).toBe('stopped');
  });

  it('a stream that arrives after closing is ended at once', async () => {
    let grant: (stream: MediaStream) => void = () => {};
    const { scanner, video } = setup({ getUserMedia: () => new Promise((resolve) => (grant = resolve)) });
    scanner.show(true);
    await settle();
    scanner.close();
    const late = fakeStream();
    grant(late.stream);
    await settle();
    expect(late.tracks.map((track) => track.readyState)).toEqual(['ended']);
    expect(video.srcObject).toBeNull();
  });

  it('changing the camera restarts it with the new facing mode', async () => {
    const { scanner, video, asked, allTracks } = setup();
    scanner.show(true);
    await settle();
    video.load();
    await vi.advanceTimersByTimeAsync(500);
    scanner.setFacingMode('user');
    await settle();
    expect(asked.map((c) => (c.video as MediaTrackConstraints).facingMode)).toEqual([
      { ideal: 'environment' },
      { ideal: 'user' },
    ]);
    expect(allTracks()).toEqual(['ended', 'live']);
    expect(scanner.state).toBe('started');
    expect(scanner.ready).toBe(false);
  });

  it('fails after 6 s when the stream never loads, ending its tracks', async () => {
    const { scanner, events, allTracks } = setup();
    scanner.show(true);
    await settle();
    await vi.advanceTimersByTimeAsync(5999);
    expect(scanner.state).toBe('started');
    await vi.advanceTimersByTimeAsync(1);
    expect(scanner.state).toBe('failed');
    expect(events.errors).toEqual(['stream-timeout']);
    expect(allTracks()).toEqual(['ended']);
  });

  it('stays failed until retried, then starts again', async () => {
    const { scanner, video, asked } = setup();
    scanner.show(true);
    await settle();
    await vi.advanceTimersByTimeAsync(6000);
    scanner.pause(true);
    scanner.pause(false);
    await settle();
    expect(scanner.state).toBe('failed');
    expect(asked).toHaveLength(1);
    scanner.retry();
    await settle();
    video.load();
    await vi.advanceTimersByTimeAsync(500);
    expect(scanner.state).toBe('started');
    expect(scanner.ready).toBe(true);
  });

  it('needs a secure context', async () => {
    const { scanner, events, asked } = setup({ secure: false });
    scanner.show(true);
    await settle();
    expect(scanner.state).toBe('failed');
    expect(events.errors).toEqual(['insecure-context']);
    expect(asked).toEqual([]);
  });

  it('needs the stream API', async () => {
    const video = new FakeVideo();
    const errors: ScannerErrorCode[] = [];
    const scanner = new CameraScanner(
      video,
      { isSecureContext: true, navigator: { mediaDevices: undefined } },
      { onError: (code) => errors.push(code) },
    );
    scanner.show(true);
    await settle();
    expect(errors).toEqual(['no-stream-api']);
  });

  it('reports a refused permission', async () => {
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    const { scanner, events } = setup({ getUserMedia: () => Promise.reject(denied) });
    scanner.show(true);
    await settle();
    expect(scanner.state).toBe('failed');
    expect(events.errors).toEqual(['permission-denied']);
  });

  it('stops every track when the decoder fails', async () => {
    const { scanner, video, events, allTracks } = setup();
    scanner.show(true);
    await settle();
    video.load();
    await vi.advanceTimersByTimeAsync(500);
    scanner.fail('cross-origin');
    expect(scanner.state).toBe('failed');
    expect(events.errors).toEqual(['cross-origin']);
    expect(allTracks()).toEqual(['ended']);
  });

  it('ignores a decoder failure that arrives after the camera stopped, and starts again when shown', async () => {
    // A read under way when the tab is hidden finds no frame any more and fails; the shopper coming back
    // must get the camera, not an error about the decoder.
    const { scanner, video, events, allTracks } = setup();
    scanner.show(true);
    await settle();
    video.load();
    await vi.advanceTimersByTimeAsync(500);
    expect(scanner.ready).toBe(true);
    scanner.show(false);
    scanner.fail('detection-unavailable');
    expect(scanner.state).toBe('stopped');
    expect(events.errors).toEqual([]);
    scanner.show(true);
    await settle();
    expect(scanner.state).toBe('started');
    expect(allTracks()).toEqual(['ended', 'live']);
  });

  it('ignores a decoder failure while the restarted camera is not ready yet', async () => {
    const { scanner, video, events } = setup();
    scanner.show(true);
    await settle();
    video.load();
    await vi.advanceTimersByTimeAsync(500);
    scanner.pause(true);
    scanner.pause(false);
    await settle();
    scanner.fail('detection-unavailable');
    expect(events.errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(scanner.ready).toBe(true);
    scanner.fail('detection-unavailable');
    expect(events.errors).toEqual(['detection-unavailable']);
  });
});

describe('camera errors', () => {
  it.each([
    ['NotAllowedError', 'permission-denied'],
    ['PermissionDeniedError', 'permission-denied'],
    ['SecurityError', 'insecure-context'],
    ['NotFoundError', 'no-camera'],
    ['OverconstrainedError', 'no-camera'],
    ['NotReadableError', 'camera-busy'],
    ['AbortError', 'camera-busy'],
  ])('%s means %s', (name, code) => {
    expect(mediaErrorCode(Object.assign(new Error(name), { name }))).toBe(code);
  });

  it('a thrown non-error means the camera could not be used', () => {
    expect(mediaErrorCode('nope')).toBe('camera-busy');
    expect(mediaErrorCode(null)).toBe('camera-busy');
    expect(mediaErrorCode(undefined)).toBe('camera-busy');
    expect(mediaErrorCode({ name: 42 })).toBe('camera-busy');
  });
});
