/** A model file the audio pipeline needs is not where it should be (every stage loads one). */
export class ModelMissingError extends Error {
  readonly missingPath: string;
  constructor(message: string, missingPath: string) {
    super(message);
    this.name = 'ModelMissingError';
    this.missingPath = missingPath;
  }
}
