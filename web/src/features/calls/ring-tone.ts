/**
 * The ring of an incoming call, made with the Web Audio API (no sound file to load): two tones
 * together (440 and 480 Hz, the North American ring) for a second and a half, then silence,
 * again every three seconds until stopped. A browser that refuses to play sound before the page
 * was touched (autoplay rules) stays silent; the overlay still shows.
 */
const RING_ON_S = 1.5;
const RING_EVERY_MS = 3_000;
const VOLUME = 0.12;

export function startRingTone(): () => void {
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Context) return () => undefined;
  let context: AudioContext;
  try {
    context = new Context();
  } catch {
    return () => undefined;
  }

  const ring = () => {
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(VOLUME, start + 0.05);
    gain.gain.setValueAtTime(VOLUME, start + RING_ON_S - 0.05);
    gain.gain.linearRampToValueAtTime(0, start + RING_ON_S);
    gain.connect(context.destination);
    for (const frequency of [440, 480]) {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(start);
      tone.stop(start + RING_ON_S);
    }
  };

  ring();
  const timer = setInterval(ring, RING_EVERY_MS);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}
