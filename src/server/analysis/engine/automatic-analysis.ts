import type { DataSheet } from '../../../shared/analysis/data-file';
import { loadCode } from './describe-file';

export const AUTOMATIC_LABEL =
  '**Automatic exploratory analysis.** No AI model is configured on this server, so this notebook was not written for your question and tests nothing: it describes the data (shape, types, missing values, summary statistics, the numeric columns per group, a histogram per numeric column and a correlation heatmap). All code below was executed as shown.';

/** The exploratory notebook run when no model is configured (docs/data-analysis.md). */
export function automaticPlan(
  fileName: string,
  format: string,
  libraries: Record<string, string>,
): { markdown: string; code: string[] } {
  return {
    markdown: AUTOMATIC_LABEL,
    code: [
      [
        'import pandas as pd',
        'import matplotlib.pyplot as plt',
        loadCode(fileName, format, libraries),
        'print("Rows:", df.shape[0], "Columns:", df.shape[1])',
      ].join('\n'),
      'df.dtypes.to_frame("type")',
      'df.isna().sum().to_frame("missing values")',
      'df.describe(include="all").transpose()',
      // A row number or an id is no measurement: its histogram is flat and its correlations
      // only mirror the order of the rows.
      [
        'def is_identifier(column):',
        '    values = df[column]',
        '    if not pd.api.types.is_integer_dtype(values) or not values.is_unique:',
        '        return False',
        '    named_id = str(column).lower() == "id" or str(column).lower().endswith(("_id", " id"))',
        '    row_number = values.min() in (0, 1) and values.max() - values.min() + 1 == len(values)',
        '    return named_id or row_number',
        '',
        'identifiers = [column for column in df.columns if is_identifier(column)]',
        'numeric = df.select_dtypes("number").drop(columns=identifiers)',
        'if identifiers:',
        '    print("Identifier columns, left out below:", ", ".join(map(str, identifiers)))',
        'groups = [column for column in df.select_dtypes(exclude="number").columns if 2 <= df[column].nunique() <= 10]',
        'for column in groups if numeric.shape[1] > 0 else []:',
        '    print(f"\\nNumeric columns by {column} (count, mean, standard deviation):")',
        '    print(df.groupby(column)[list(numeric.columns[:10])].agg(["count", "mean", "std"]).round(3).to_string())',
        'if not groups or numeric.shape[1] == 0:',
        '    print("No numeric columns by groups of 2 to 10 values to summarise.")',
      ].join('\n'),
      [
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
    ' Summary statistics, group summaries, the distributions of the numeric variables and their correlations are shown in the automatic notebook. No statistical test was run, because no AI model was available to interpret the question, so this analysis does not answer it.',
  ].join('');
}
