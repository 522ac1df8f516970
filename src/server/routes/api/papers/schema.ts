import { z } from 'zod';
import { PAPER_TYPES } from '../../../../shared/papers/paper-types';

const paperType = z.enum(PAPER_TYPES, { message: 'Paper type is not supported' });
const title = z.string().trim().max(500, 'Title is too long (500 characters at most)');
const longText = (name: string) =>
  z.string().max(20_000, `${name} is too long (20,000 characters at most)`);

export const createPaperBody = z.object({
  title: title.min(1, 'Title is required'),
  type: paperType,
  description: longText('Description').default(''),
  methodology: longText('Methodology').default(''),
  field: longText('Field').default(''),
  content: z.string().default(''),
  language: z.string().min(2).max(10).default('en'),
});

/**
 * The client sends the whole paper object back with its changes (spec 002 §7), so unknown
 * keys such as id and updated_at are accepted and ignored.
 */
export const updatePaperBody = z.object({
  title: title.min(1, 'Title is required').optional(),
  type: paperType.optional(),
  description: longText('Description').optional(),
  methodology: longText('Methodology').optional(),
  field: longText('Field').optional(),
  content: z.string().optional(),
  citations: z.array(z.unknown()).optional(),
  language: z.string().min(2).max(10).optional(),
  /** The version the client edited; accepted and ignored (the live document merges writers). */
  updated_at: z.iso.datetime({ offset: true }).optional(),
  /**
   * Sent by an editor bound to the live document: the version recorded is the live document's
   * content as the server holds it, and the request's `content` is ignored (applying a tab's
   * copy could undo another tab's typing that had not reached it yet).
   */
  live: z.boolean().optional(),
});

export const listQuery = z.object({ search: z.string().max(200).optional() });

/** POST /api/papers/:id/import-file: which of the paper's converted files becomes its content. */
export const importFileBody = z.object({ fileId: z.string().min(1, 'fileId is required') });

/**
 * The wizard's required fields answer with the spec's own texts ('Title is required', 'Paper
 * type is required', 001 §5), without a field prefix: the shape accepts blanks and this
 * check, on the whole object, names what is missing.
 */
function required<T extends z.ZodType>(
  shape: T,
  fields: [(value: z.infer<T>) => string, string][],
) {
  return shape.superRefine((value, context) => {
    const missing = fields.find(([read]) => read(value).trim() === '');
    if (missing) context.addIssue({ code: 'custom', message: missing[1] });
  });
}

const wizardType = z
  .union([paperType, z.literal('')], { message: 'Paper type is not supported' })
  .default('');
const properties = {
  description: longText('Description').default(''),
  methodology: longText('Methodology').default(''),
  fieldOfResearch: longText('Field').default(''),
};

/** POST /api/papers/temp (001 §7): the wizard's properties when it leaves step 1. */
export const tempPaperBody = required(
  z.object({ type: wizardType, title: title.default(''), ...properties }),
  [[(body) => body.type, 'Paper type is required']],
);

/** POST /api/papers/:id/finalize (001 §7): Save in the wizard. */
export const finalizePaperBody = required(
  z.object({
    type: wizardType,
    content: z.string().default(''),
    /** The works the structure attached to its sections, as the paper's citations. */
    citations: z.array(z.unknown()).default([]),
    properties: z.object({ title: title.default(''), ...properties }).default({
      title: '',
      description: '',
      methodology: '',
      fieldOfResearch: '',
    }),
  }),
  [
    [(body) => body.properties.title, 'Title is required'],
    [(body) => body.type, 'Paper type is required'],
  ],
);

/** POST /api/papers/:id/cancel (001 §7): Discard or Close in the wizard. */
export const cancelPaperBody = z.object({ structureJobId: z.string().nullish() });
