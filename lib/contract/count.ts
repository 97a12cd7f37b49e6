import { z } from "zod";

/** A whole number from `min` to `max`, its error naming the field: `Invalid <field>: must be a whole number from <min> to <max>`. */
export function count(field: string, min: number, max: number) {
  const message = `Invalid ${field}: must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}
