// What the views' keys are made of: most read models are kept per client week.
export interface WeekScope {
  clientId: number;
  sportId: number;
  weekId: number;
}

/** Ids in keys are zero-padded, so they sort in number order. */
export const pad = (value: number, width = 10) => String(value).padStart(width, '0');
