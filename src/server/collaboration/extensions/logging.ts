import type {
  Extension,
  onDisconnectPayload,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
  connectedPayload,
} from '@hocuspocus/server';
import type { Log } from '../../process-setup';
import { connectionUser } from '../connection-context';

/** One line per connection, disconnection, load and store of a live document. */
export class Logging implements Extension {
  extensionName = 'logging';
  priority = 10;

  constructor(private readonly log: Log) {}

  async connected({ documentName, context, socketId }: connectedPayload): Promise<void> {
    this.log('live document connected', {
      paperId: documentName,
      userId: connectionUser(context)?.id,
      socketId,
    });
  }

  async onDisconnect({ documentName, context, socketId }: onDisconnectPayload): Promise<void> {
    this.log('live document disconnected', {
      paperId: documentName,
      userId: connectionUser(context)?.id,
      socketId,
    });
  }

  async afterLoadDocument({ documentName }: onLoadDocumentPayload): Promise<void> {
    this.log('live document loaded', { paperId: documentName });
  }

  async afterStoreDocument({ documentName }: onStoreDocumentPayload): Promise<void> {
    this.log('live document stored', { paperId: documentName });
  }
}
