import type { DatabaseEvents } from '../db/database-events';

/**
 * Someone's access to a paper changed (added, a new role, removed, left). Every request asks
 * the policy afresh, so HTTP needs no telling; the live document's open WebSockets are checked
 * again in every process (services.ts, `LiveDocuments.recheckAccess`).
 */
export class PaperAccessEvents {
  constructor(private readonly events: DatabaseEvents) {}

  async changed(paperId: string, userId: string): Promise<void> {
    await this.events.publish({ kind: 'paper-access-changed', paperId, userId });
  }
}
