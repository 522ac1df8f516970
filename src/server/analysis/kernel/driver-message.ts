import { z } from 'zod';
import type { NotebookOutput } from '../../../shared/analysis/notebook';

const output: z.ZodType<NotebookOutput> = z.union([
  z.object({
    output_type: z.literal('stream'),
    name: z.enum(['stdout', 'stderr']),
    text: z.string(),
  }),
  z.object({
    output_type: z.literal('display_data'),
    data: z.record(z.string(), z.unknown()),
    metadata: z.record(z.string(), z.unknown()),
  }),
  z.object({
    output_type: z.literal('execute_result'),
    data: z.record(z.string(), z.unknown()),
    metadata: z.record(z.string(), z.unknown()),
    execution_count: z.number().int().nullable(),
  }),
  z.object({
    output_type: z.literal('error'),
    ename: z.string(),
    evalue: z.string(),
    traceback: z.array(z.string()),
  }),
]);

/** What kernel_driver.py sends: its start, or the answer to one cell. */
const driverMessage = z.union([
  z.object({ event: z.literal('ready'), startMs: z.number().nonnegative() }),
  z.object({ event: z.literal('failed'), message: z.string() }),
  z.object({
    id: z.number().int().positive(),
    status: z.enum(['ok', 'error', 'killed']),
    execution_count: z.number().int().nullable(),
    outputs: z.array(output),
    restarted: z.boolean(),
  }),
]);

export type DriverMessage = z.infer<typeof driverMessage>;

/**
 * NUL, which a cell may print (reading /proc/N/environ does) and no PostgreSQL text or jsonb can
 * hold: stored as U+FFFD, the rest of the output as printed.
 */
const storable = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.replaceAll('\u0000', '\uFFFD') : value;

/** Null for anything that is not one of the driver's messages. */
export function parseDriverMessage(frame: string): DriverMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(frame, storable);
  } catch {
    return null;
  }
  const parsed = driverMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}
