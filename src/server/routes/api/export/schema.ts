import { z } from 'zod';
import { isCitationStyleId } from '../../../../shared/citations/citation-styles';

const paperSize = z.enum(['A4', 'Letter']).default('A4');

/** A stored paper to export (the owner's), or, for /api/html-pdf, HTML from another caller. */
export const paperExportBody = z.object({
  paperId: z.uuid('Paper not found'),
  includeAbstracts: z.boolean().default(false),
  paperSize,
});

export const htmlPdfBody = z.union([
  paperExportBody,
  z.object({
    html: z.string().min(1, 'html is empty').max(20_000_000, 'html is too large'),
    paperSize,
  }),
]);

export const citationStyleBody = z.object({
  citationStyle: z.string().refine(isCitationStyleId, 'Unknown citation style'),
});
