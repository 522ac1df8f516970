import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConversionError } from '../conversion-error';
import {
  type Block,
  blocksToMarkdown,
  heading,
  listOf,
  paragraph,
  table,
  text,
} from '../document-builder';
import { findProgram, runTool } from '../external-tool';
import type { Converter } from '../progress';
import { sheetBlocks } from '../sheet-table';
import { parseCsv } from './csv';

const READSTAT_TIMEOUT_MS = 60_000;
const READSTAT_MEMORY_BYTES = 1024 ** 3;

interface SavVariable {
  name: string;
  label?: string;
  categories?: { code: number | string; label: string }[];
}

/** ReadStat writes every number with six decimals; 1.000000 reads better as 1. */
function tidyNumber(value: string): string {
  return /^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value;
}

function codebook(variables: SavVariable[]): Block[] {
  const blocks: Block[] = [heading(2, text('Codebook'))];
  blocks.push(
    table([
      [text('Variable'), text('Label')],
      ...variables.map((variable) => [text(variable.name), text(variable.label ?? '')]),
    ]),
  );
  const labelled = variables.filter((variable) => (variable.categories ?? []).length > 0);
  if (labelled.length > 0) {
    blocks.push(heading(3, text('Value labels')));
    blocks.push(
      listOf(
        false,
        labelled.map((variable) => [
          paragraph(
            text(
              `${variable.name}: ${(variable.categories ?? [])
                .map((category) => `${tidyNumber(String(category.code))} = ${category.label}`)
                .join('; ')}`,
            ),
          ),
        ]),
      ),
    );
  }
  return blocks;
}

/**
 * What is wrong with a .sav file, from ReadStat's report. ReadStat exits with 0 even when it
 * fails, writing 'Error processing <file>: <reason>' and no output, so its report decides.
 */
export function savProblem(stderr: string): string {
  const reason = /^Error processing .*?: (.+)$/m.exec(stderr)?.[1]?.trim();
  if (!reason) return 'This SPSS file could not be read; it may be damaged.';
  if (/^Unable to read from file/i.test(reason)) {
    return 'This SPSS file ends too early: it is incomplete (an interrupted download or copy?). Upload the complete file.';
  }
  if (/^Invalid file/i.test(reason)) {
    return 'This SPSS file is damaged, or uses features that cannot be read: its structure is not valid .sav data.';
  }
  if (/encoding|character set/i.test(reason)) {
    return 'The text in this SPSS file cannot be read: its character set is not supported, or its text is damaged.';
  }
  return `This SPSS file could not be read: ${reason.replace(/^./, (first) => first.toLowerCase()).replace(/\.?$/, '.')}`;
}

/**
 * SPSS data through ReadStat: the data as a table (values shown with their labels) and a
 * codebook of variable and value labels, the part an AI most needs to read the data.
 */
export const convertSav: Converter = async ({ bytes, report, workDir }) => {
  const readstat = findProgram('readstat');
  const extractMetadata = findProgram('extract_metadata');
  if (!readstat || !extractMetadata) {
    throw new ConversionError(
      'ReadStat is not installed on this server, so SPSS (.sav) files cannot be converted. Export the data as .csv or .xlsx and upload that instead.',
    );
  }
  const source = path.join(workDir, 'data.sav');
  const csv = path.join(workDir, 'data.csv');
  const metadata = path.join(workDir, 'metadata.json');
  writeFileSync(source, bytes);
  const limits = { workDir, timeoutMs: READSTAT_TIMEOUT_MS, memoryBytes: READSTAT_MEMORY_BYTES };
  report('Reading the variables');
  const meta = await runTool({ command: extractMetadata, args: [source, metadata], ...limits });
  report('Reading the data');
  const data = await runTool({ command: readstat, args: [source, csv], ...limits });
  if (meta.timedOut || data.timedOut)
    throw new ConversionError('Converting this file took too long.');
  if (data.code !== 0 || !existsSync(csv)) throw new ConversionError(savProblem(data.stderr));
  let variables: SavVariable[] = [];
  try {
    variables = (JSON.parse(readFileSync(metadata, 'utf8')) as { variables: SavVariable[] })
      .variables;
  } catch {
    // A file whose labels cannot be read still has its data.
  }
  const labels = new Map(
    variables.map((variable) => [
      variable.name,
      new Map((variable.categories ?? []).map((c) => [tidyNumber(String(c.code)), c.label])),
    ]),
  );
  const [header = [], ...rows] = parseCsv(readFileSync(csv, 'utf8').replace(/\r\n?/g, '\n'), ',');
  const shown = rows.map((row) =>
    row.map((value, column) => {
      const tidy = tidyNumber(value);
      return labels.get(header[column] ?? '')?.get(tidy) ?? tidy;
    }),
  );
  return blocksToMarkdown([
    heading(2, text('Data')),
    ...sheetBlocks({ name: null, rows: [header, ...shown] }),
    ...(variables.length > 0 ? codebook(variables) : []),
  ]);
};
