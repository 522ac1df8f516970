import * as decoding from 'lib0/decoding';

// Hocuspocus's message types (its MessageType) and y-protocols' sync step types.
const SYNC = 0;
const SYNC_REPLY = 4;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/**
 * The Yjs update a client's message carries, if it carries one: a sync step 2 (what the
 * client had that the server lacked, e.g. typing done offline) or an update. Other messages
 * (awareness, sync step 1, auth) answer undefined. Throws on a message it cannot read.
 */
export function updateInMessage(message: Uint8Array): Uint8Array | undefined {
  const decoder = decoding.createDecoder(message);
  decoding.readVarString(decoder);
  const type = decoding.readVarUint(decoder);
  if (type !== SYNC && type !== SYNC_REPLY) return undefined;
  const step = decoding.readVarUint(decoder);
  if (step !== SYNC_STEP_2 && step !== SYNC_UPDATE) return undefined;
  return decoding.readVarUint8Array(decoder);
}
