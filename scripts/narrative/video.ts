import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';

/** A stretch of the recording: kept at normal speed, sped up (the AI working), or cut. */
export interface Segment {
  start: number;
  end: number;
  speed: number | 'cut';
}

/** Marks the recording's timeline while the script runs; seconds since the recording began. */
export class Timeline {
  readonly segments: Segment[] = [];
  #began = Date.now();
  #start = 0;
  #speed: Segment['speed'] = 1;

  private now() {
    return (Date.now() - this.#began) / 1000;
  }

  /** From now on the recording plays at `speed` (or is cut). */
  set(speed: Segment['speed']) {
    const now = this.now();
    if (now > this.#start) this.segments.push({ start: this.#start, end: now, speed: this.#speed });
    this.#start = now;
    this.#speed = speed;
  }

  finish(): Segment[] {
    this.set(1);
    return this.segments.filter((segment) => segment.end - segment.start > 0.05);
  }
}

export function ffmpegAvailable(): boolean {
  return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Cuts the stretches marked 'cut', speeds up the marked ones and re-encodes as VP9 at a low
 * bitrate. Without ffmpeg the raw recording is kept as it is.
 */
export function editVideo(input: string, output: string, segments: Segment[]): void {
  if (!ffmpegAvailable()) {
    console.warn('ffmpeg not found: the demo video is the raw recording, neither cut nor sped up');
    copyFileSync(input, output);
    return;
  }
  const kept = segments.filter((segment) => segment.speed !== 'cut');
  const parts = kept.map(
    (segment, index) =>
      `[0:v]trim=start=${segment.start.toFixed(2)}:end=${segment.end.toFixed(2)},` +
      `setpts=(PTS-STARTPTS)/${segment.speed as number}[v${index}]`,
  );
  const filter = `${parts.join(';')};${kept.map((_, index) => `[v${index}]`).join('')}concat=n=${kept.length}:v=1:a=0[out]`;
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-i',
      input,
      '-filter_complex',
      filter,
      '-map',
      '[out]',
      '-r',
      '25',
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '4',
      output,
    ],
    { stdio: 'inherit' },
  );
}
