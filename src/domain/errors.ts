/**
 * Base of every typed error the ports throw. `code` is an own enumerable property so errors survive
 * JSON serialisation (model-based tests key states on JSON) and can be matched without instanceof.
 */
export class ClubError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A document read from the database did not match its struct. */
export class MalformedDocumentError extends ClubError {
  readonly documentId: string;
  constructor(collection: string, documentId: string, detail: string) {
    super('document/malformed', `Malformed ${collection} document "${documentId}": ${detail}`);
    this.documentId = documentId;
  }
}
