import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { Segment } from './video';

interface Frame {
  file: string;
  /** Seconds since the recording's start, when Chromium drew the frame. */
  at: number;
}

/**
 * Records what the page shows through Chromium's own screencast (the DevTools protocol), frames
 * as JPEG files with their arrival times. Playwright's recordVideo would need its own ffmpeg
 * download; this needs only Debian's ffmpeg, to assemble the frames.
 */
export class Screencast {
  readonly #frames: Frame[] = [];
  /** Frames timed by arrival: reported, since they may lag. */
  #unstamped = 0;
  #session: CDPSession | null = null;

  constructor(
    private readonly dir: string,
    /** Date.now() of the timeline the segments are measured on. */
    private readonly began: number,
  ) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }

  async start(page: Page, size: { width: number; height: number }) {
    const session = await page.context().newCDPSession(page);
    this.#session = session;
    session.on('Page.screencastFrame', (event) => {
      const file = path.join(this.dir, `frame-${String(this.#frames.length).padStart(6, '0')}.jpg`);
      writeFileSync(file, Buffer.from(event.data, 'base64'));
      // When it was drawn, not when it arrived: on a busy machine frames arrive late, and by
      // arrival time a frame of the paper list still loading was shown after the cut that
      // waits for it to load. Without a plausible stamp, arrival it is.
      const arrived = Date.now() / 1000;
      const stamp = event.metadata.timestamp;
      const stamped = stamp !== undefined && Math.abs(arrived - stamp) < 5;
      if (!stamped) this.#unstamped += 1;
      const drawn = stamped ? stamp : arrived;
      const at = Math.max(drawn - this.began / 1000, this.#frames.at(-1)?.at ?? 0);
      this.#frames.push({ file, at });
      void session.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => {});
    });
    await session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      maxWidth: size.width,
      maxHeight: size.height,
    });
  }

  async stop() {
    await this.#session?.send('Page.stopScreencast').catch(() => undefined);
    if (this.#unstamped > 0) {
      console.warn(`${this.#unstamped} screencast frames had no drawing time: timed by arrival`);
    }
  }

  /**
   * The demo video in one encoding: each frame is shown until the next arrived, on the
   * timeline's clock, mapped through the segments (a cut drops the stretch, a speed divides
   * it), so the AI's waits play fast and the setup not at all.
   */
  writeVideo(output: string, segments: Segment[]) {
    const lines: string[] = [];
    let last: string | null = null;
    this.#frames.forEach((frame, index) => {
      const from = index === 0 ? 0 : frame.at;
      const to = this.#frames[index + 1]?.at ?? segments.at(-1)?.end ?? frame.at;
      const shown = playedSeconds(segments, from, to);
      if (shown <= 0) return;
      lines.push(`file '${path.resolve(frame.file)}'`, `duration ${shown.toFixed(3)}`);
      last = frame.file;
    });
    if (last === null) throw new Error('The screencast recorded no frames');
    // The concat demuxer takes the last file's duration only when it is listed again.
    lines.push(`file '${path.resolve(last)}'`);
    const list = path.join(this.dir, 'frames.txt');
    writeFileSync(list, `${lines.join('\n')}\n`);
    execFileSync(
      'ffmpeg',
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        '-vf',
        'fps=15,format=yuv420p',
        '-c:v',
        'libvpx',
        '-b:v',
        '500k',
        '-crf',
        '10',
        // 'good' with look-ahead: about 4 minutes for a 50 s video on the busy two-core
        // machine, against 15 s in real-time mode, but half the size (1.1 against 2.2 MB) and
        // text that stays sharp where the screen changes (real-time smeared every dialog
        // opening and closing for a second).
        '-deadline',
        'good',
        '-cpu-used',
        '2',
        '-auto-alt-ref',
        '1',
        '-lag-in-frames',
        '16',
        output,
      ],
      { stdio: 'inherit' },
    );
  }
}

/** How long the stretch [from, to) of the recording plays in the edited video. */
export function playedSeconds(segments: readonly Segment[], from: number, to: number): number {
  let seconds = 0;
  for (const segment of segments) {
    if (segment.speed === 'cut') continue;
    const overlap = Math.min(to, segment.end) - Math.max(from, segment.start);
    if (overlap > 0) seconds += overlap / segment.speed;
  }
  return seconds;
}
