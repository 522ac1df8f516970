/** Host uids given to sandboxes when the server runs as root, one per live sandbox. */
const FIRST_UID = 200_000;
const COUNT = 10_000;

export class UidPool {
  private readonly used = new Set<number>();
  private next = 0;

  take(): number {
    for (let tries = 0; tries < COUNT; tries += 1) {
      const uid = FIRST_UID + ((this.next + tries) % COUNT);
      if (!this.used.has(uid)) {
        this.used.add(uid);
        this.next = uid - FIRST_UID + 1;
        return uid;
      }
    }
    throw new Error('Too many sandboxes are running');
  }

  give(uid: number): void {
    this.used.delete(uid);
  }
}
