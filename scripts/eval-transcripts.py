#!/usr/bin/env python3
"""Turn `lantern eval <loop> --json` reports into whole transcripts a teacher can read.

Each case becomes a section: what the student said and what Lantern answered, turn by
turn, with the checks that failed and whether the model's own words reached the student.

Usage: python3 scripts/eval-transcripts.py REPORT.json [REPORT.json ...] [--cases N]
       [--title TEXT] > transcripts.md
"""

import argparse
import json
import sys


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def quoted(text):
    """Markdown block quote of `text`, line by line (an empty reply says so)."""
    if not text.strip():
        return "> *(nothing)*"
    return "\n".join("> " + line if line else ">" for line in text.splitlines())


def words_note(turn):
    kept = turn.get("model_words")
    if kept is None:
        return ""
    return " · model's words kept" if kept else " · model's words dropped (authored text shown)"


def transcript(report, limit):
    """The Markdown of the first `limit` cases of one report."""
    lines = []
    summary = report.get("report", {})
    turns_rate = summary.get("turns", {})
    lines.append(
        f"## {report.get('loop', '?')} — {report.get('model', '?')}\n\n"
        f"{turns_rate.get('passed', 0)}/{turns_rate.get('total', 0)} turns passed every check "
        f"({report.get('seconds', 0):.0f} s). First {limit} cases:\n"
    )
    cases = []
    for turn in report.get("turns", []):
        if not cases or cases[-1][0] != turn["case"]:
            cases.append((turn["case"], []))
        cases[-1][1].append(turn)
    for case, turns in cases[:limit]:
        lines.append(f"### {case}\n")
        for turn in turns:
            failed = [c for c in turn.get("checks", []) if not c.get("passed")]
            verdict = "pass" if not failed else "FAIL"
            lines.append(f"**Student** (turn {turn['turn']}, {verdict}{words_note(turn)}):\n")
            lines.append(quoted(turn.get("input", "")) + "\n")
            lines.append("**Lantern:**\n")
            lines.append(quoted(turn.get("reply", "")) + "\n")
            for check in failed:
                lines.append(f"- ✗ `{check['name']}`: {check.get('detail', '')}")
            if failed:
                lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", help="JSON reports of lantern eval --json")
    parser.add_argument("--cases", type=int, default=10, help="cases per report (default 10)")
    parser.add_argument("--title", default="Eval transcripts", help="the page's title")
    args = parser.parse_args()
    out = [f"# {args.title}\n"]
    for path in args.reports:
        try:
            report = load(path)
        except (OSError, json.JSONDecodeError) as error:
            sys.exit(f"error: {path}: {error}")
        out.append(transcript(report, args.cases))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
