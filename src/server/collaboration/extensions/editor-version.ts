import type { Extension, onConnectPayload } from '@hocuspocus/server';
import { DOCUMENT_SCHEMA_VERSION } from '../../../shared/document/live/y-document';
import { EDITOR_OUTDATED, closeWith } from '../close-codes';

/** The query parameter in which the editor sends the schema version it was built with. */
export const SCHEMA_VERSION_PARAMETER = 'schema';

/**
 * An editor built for another schema version would write nodes this server reads wrongly (or
 * not at all): it is refused with a reason that tells the person to reload.
 */
export class EditorVersion implements Extension {
  extensionName = 'editor-version';
  priority = 900;

  async onConnect({ requestParameters }: onConnectPayload): Promise<void> {
    if (requestParameters.get(SCHEMA_VERSION_PARAMETER) !== String(DOCUMENT_SCHEMA_VERSION)) {
      throw closeWith(EDITOR_OUTDATED);
    }
  }
}
