/** What a converter tells the user while it works, e.g. 'Reading page 3 of 12'. */
export type ReportStatus = (status: string) => void;

export interface ConverterInput {
  fileName: string;
  bytes: Uint8Array;
  report: ReportStatus;
  /** A private scratch directory, removed after the conversion. */
  workDir: string;
}

/** A converter turns one file into the document module's markdown. */
export type Converter = (input: ConverterInput) => Promise<string>;
