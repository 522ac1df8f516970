import { spawnSync } from 'node:child_process';

/** A stretch of the recording: kept at normal speed, sped up (the AI working), or cut. */
export interface Segment {
  start: number;
  end: number;
  speed: number | 'cut';
}

/** Marks the recording's timeline while the script runs; seconds since the recording began. */
export class Timeline {
  segments: Segment[] = [];
  readonly began = Date.now();
  #start = 0;
  // Until the script says where the video begins, the recording is the browser starting and a
  // blank page loading: cut (the first frame, a white page, used to open the video).
  #speed: Segment['speed'] = 'cut';

  now() {
    return (Date.now() - this.began) / 1000;
  }

  /** From now on the recording plays at `speed` (or is cut). */
  set(speed: Segment['speed']) {
    const now = this.now();
    if (now > this.#start) this.segments.push({ start: this.#start, end: now, speed: this.#speed });
    this.#start = now;
    this.#speed = speed;
  }

  /** Drops the recording since `at` (a step that found its feature missing): nothing to see. */
  cutSince(at: number) {
    const now = this.now();
    this.segments = this.segments.flatMap((segment) => {
      if (segment.end <= at) return [segment];
      return segment.start >= at ? [] : [{ ...segment, end: at }];
    });
    if (this.#start < at) this.segments.push({ start: this.#start, end: at, speed: this.#speed });
    this.segments.push({ start: at, end: now, speed: 'cut' });
    this.#start = now;
  }

  finish(): Segment[] {
    this.set(1);
    return this.segments.filter((segment) => segment.end - segment.start > 0.05);
  }
}

export function ffmpegAvailable(): boolean {
  return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
}
