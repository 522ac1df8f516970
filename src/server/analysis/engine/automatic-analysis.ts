import type { DataSheet } from '../../../shared/analysis/data-file';
import { loadCall } from './describe-file';

export const AUTOMATIC_LABEL =
  '**Automatic exploratory analysis.** No AI model is configured on this server, so this notebook was not written for your question: it describes the data (shape, types, missing values, summary statistics, a histogram per numeric column and a correlation heatmap). All code below was executed as shown.';

/** The exploratory notebook run when no model is configured (docs/data-analysis.md). */
export function automaticPlan(
  fileName: string,
  format: string,
): { markdown: string; code: string[] } {
  return {
    markdown: AUTOMATIC_LABEL,
    code: [
      [
        'import pandas as pd',
        'import matplotlib.pyplot as plt',
        `df = ${loadCall(fileName, format)}`,
        'print("Rows:", df.shape[0], "Columns:", df.shape[1])',
      ].join('\n'),
      'df.dtypes.to_frame("type")',
      'df.isna().sum().to_frame("missing values")',
      'df.describe(include="all").transpose()',
      [
        'numeric = df.select_dtypes("number")',
        'for column in numeric.columns:',
        '    fig, ax = plt.subplots(figsize=(5, 3))',
        '    numeric[column].dropna().plot.hist(ax=ax, bins=20, title=f"Histogram of {column}")',
        '    ax.set_xlabel(column)',
        '    plt.show()',
      ].join('\n'),
      [
        'if numeric.shape[1] >= 2:',
        '    corr = numeric.corr()',
        '    fig, ax = plt.subplots(figsize=(5, 4))',
        '    image = ax.imshow(corr, cmap="coolwarm", vmin=-1, vmax=1)',
        '    ax.set_xticks(range(len(corr)), corr.columns, rotation=45, ha="right")',
        '    ax.set_yticks(range(len(corr)), corr.columns)',
        '    fig.colorbar(image, ax=ax)',
        '    ax.set_title("Correlation heatmap")',
        '    plt.tight_layout()',
        '    plt.show()',
        '    print(corr.round(3))',
        'else:',
        '    print("Fewer than two numeric columns: no correlations to show.")',
      ].join('\n'),
    ],
  };
}

/** The report of an automatic notebook, in words, from what was read at upload. */
export function automaticReport(fileName: string, sheets: DataSheet[]): string {
  const sheet = sheets[0];
  if (!sheet) return `The file ${fileName} holds no table.`;
  const numeric = sheet.columns.filter((column) => /int|float/.test(column.type));
  const missing = sheet.columns.filter((column) => column.missing > 0);
  return [
    `The data set ${fileName} contains ${sheet.rowCount} observations of ${sheet.columns.length} variables`,
    numeric.length > 0
      ? `, of which ${numeric.length} are numeric (${numeric.map((column) => column.name).join(', ')}).`
      : ', none of them numeric.',
    missing.length > 0
      ? ` Values are missing in ${missing.map((column) => `${column.name} (${column.missing})`).join(', ')}.`
      : ' No values are missing.',
    ' Summary statistics, the distribution of each numeric variable and their correlations are shown in the automatic notebook; no statistical test was chosen, because no AI model was available to interpret the question.',
  ].join('');
}
