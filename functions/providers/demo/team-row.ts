export interface TeamRow {
  id: number;
  city: string;
  mascot: string;
  abbreviation: string;
  /** Primary and secondary colour, #RRGGBB. */
  colors: readonly [string, string];
}
