"""Prints a JSON description of a data file: its sheets, and per sheet the row count and each
column's name, type and number of missing values. Run once per upload, inside the sandbox, so
prompts can describe a table without sending it."""
import json
import sys

import pandas as pd


def describe_frame(name, frame):
    return {
        "name": name,
        "rowCount": int(len(frame)),
        "columns": [
            {"name": str(column), "type": str(frame[column].dtype), "missing": int(frame[column].isna().sum())}
            for column in frame.columns
        ],
    }


def allow_old_xlrd():
    """pandas 1.5 asks for xlrd 2.0.1 to read .xls; Debian's xlrd 1.2 reads them all the same
    (the notebook's load cell says the same, describe-file.ts)."""
    import xlrd
    from pandas.compat import _optional

    if int(xlrd.__version__.split(".")[0]) < 2:
        _optional.VERSIONS["xlrd"] = xlrd.__version__


def main(path, kind):
    if kind == "xls":
        allow_old_xlrd()
    if kind == "csv":
        frames = {"data": pd.read_csv(path, sep=None, engine="python")}
    else:
        frames = pd.read_excel(path, sheet_name=None, engine="openpyxl" if kind == "xlsx" else "xlrd")
    print(json.dumps({"sheets": [describe_frame(name, frame) for name, frame in frames.items()]}))


if __name__ == "__main__":
    try:
        main(sys.argv[1], sys.argv[2])
    except Exception as error:  # The server shows this message to the user.
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
