import { z } from 'zod';
import { SIZE_GUIDE_MESSAGES as M, SIZE_MEASUREMENTS } from './size-guide.js';

/*
 * The zod schema of a size guide, apart from the display helpers in size-guide.ts: the product page (which shows
 * guides) must not carry zod; the server and the staff form (which validate them) import this.
 */

const centimetres = z
  .number({ message: M.value })
  .min(0.1, M.value)
  .max(500, M.value)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, M.value);

const range = z
  .object({ min: centimetres, max: centimetres.nullish().transform((v) => v ?? null) })
  .refine((r) => r.max === null || r.max > r.min, { message: M.range, path: ['max'] });

/** Shape rules of a guide (the sizes are checked against the product's with `checkGuideSizes`). */
export const sizeGuideSchema = z
  .object({
    measurements: z.array(z.enum(SIZE_MEASUREMENTS)).min(1, M.noMeasurements).max(SIZE_MEASUREMENTS.length),
    rows: z
      .array(z.object({ size: z.string().trim().min(1).max(10), values: z.array(range) }))
      .min(1, M.noRows)
      .max(20),
    note: z
      .string()
      .nullish()
      .transform((v) => v?.trim() || null)
      .pipe(z.string().max(300, M.noteTooLong).nullable()),
  })
  .superRefine((g, ctx) => {
    if (new Set(g.measurements).size !== g.measurements.length)
      ctx.addIssue({ code: 'custom', path: ['measurements'], message: M.duplicateMeasurement });
    g.rows.forEach((row, i) => {
      if (row.values.length !== g.measurements.length)
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'values'], message: M.valueCount });
    });
  });

export type SizeGuideInput = z.input<typeof sizeGuideSchema>;
