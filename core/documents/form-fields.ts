/** A field of a filled PDF form: its name as the file has it, its value, and the page its widget is on (1-based; null when unknown). */
export interface FormField {
  readonly name: string;
  readonly value: string | boolean;
  readonly page: number | null;
}

export type FormFields = readonly FormField[];
