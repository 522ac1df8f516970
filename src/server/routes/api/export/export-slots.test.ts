import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../http/http-error';
import { ExportSlots } from './export-slots';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('ExportSlots', () => {
  it("refuses a user's export beyond the limit, not another user's, and frees the slot after", async () => {
    const slots = new ExportSlots(2);
    const first = deferred();
    const second = deferred();
    const running = [
      slots.run('alice', () => first.promise),
      slots.run('alice', () => second.promise),
    ];
    const refused = slots.run('alice', async () => 'never');
    await expect(refused).rejects.toEqual(
      new HttpError(
        429,
        'You already have 2 exports running. Please wait until one finishes, then export again.',
      ),
    );
    await expect(slots.run('bob', async () => 'bob')).resolves.toBe('bob');
    first.resolve();
    await running[0];
    await expect(slots.run('alice', async () => 'again')).resolves.toBe('again');
    second.resolve();
    await running[1];
  });

  it('frees the slot when the export fails', async () => {
    const slots = new ExportSlots(1);
    await expect(
      slots.run('alice', async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    await expect(slots.run('alice', async () => 'ok')).resolves.toBe('ok');
  });
});
