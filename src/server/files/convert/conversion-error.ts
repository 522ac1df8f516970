/** A conversion failure whose message is meant for the user (shown in the upload dialog). */
export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionError';
  }
}
