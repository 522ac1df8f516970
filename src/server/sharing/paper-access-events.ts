import type { DatabaseEvents } from '../db/database-events';

/**
 * Someone's access to a paper changed (added, a new role, removed, left). Every request asks
 * the policy afresh, so HTTP needs no telling; a long-lived connection to the paper (the live
 * document's WebSocket) subscribes here, in every process, to check again or close.
 */
export class PaperAccessEvents {
  constructor(private readonly events: DatabaseEvents) {}

  async changed(paperId: string, userId: string): Promise<void> {
    await this.events.publish({ kind: 'paper-access-changed', paperId, userId });
  }

  onChange(handler: (change: { paperId: string; userId: string }) => void): void {
    this.events.on((event) => {
      if (event.kind === 'paper-access-changed') handler(event);
    });
  }
}
