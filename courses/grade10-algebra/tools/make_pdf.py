#!/usr/bin/env python3
"""Writes pdf/ALG-05-factorising-framework.pdf for the grade10-algebra sample pack.

Standard library only. The PDF is deliberately simple so that any text extractor
recovers it line by line: the base-14 font Helvetica with WinAnsiEncoding (nothing
embedded), plain ASCII text, one Tj per line, uncompressed content streams and a
classic cross-reference table. The output is byte-for-byte reproducible.

Usage: python3 tools/make_pdf.py   (from anywhere; paths are relative to the pack)
"""

from pathlib import Path

PACK = Path(__file__).resolve().parent.parent
OUTPUT = PACK / "pdf" / "ALG-05-factorising-framework.pdf"

PAGE_WIDTH, PAGE_HEIGHT = 595, 842  # A4 in points
LEFT, TOP = 60, 780

# Each page is a list of (style, text). Styles: title, sub, head, body, indent, gap.
STYLES = {
    "title": (18, 0, 30),  # font size, extra indent, line advance
    "sub": (10, 0, 26),
    "head": (13, 0, 20),
    "body": (11, 0, 15),
    "indent": (11, 18, 15),
}

PAGES = [
    [
        ("title", "Factorising: a four-step framework"),
        ("sub", "Grade 10 Algebra - Unit ALG-05 - sample material written for Lantern"),
        ("head", "Step 1. Take out the highest common factor"),
        ("body", "Find the largest number that divides every coefficient."),
        ("body", "For each letter, take the lowest power that appears in every term."),
        ("body", "Write the common factor outside a bracket and divide each term by it."),
        ("indent", "Example: 6x^3y - 9x^2y^2 = 3x^2y(2x - 3y)"),
        ("indent", "If a whole term is the factor, a 1 stays behind: 4x^2 + x = x(4x + 1)"),
        ("gap", ""),
        ("head", "Step 2. Count the terms inside the bracket"),
        ("body", "Two terms: look for a difference of two squares."),
        ("indent", "a^2 - b^2 = (a - b)(a + b), for example x^2 - 49 = (x - 7)(x + 7)"),
        ("indent", "A sum of two squares, such as x^2 + 9, does not factorise."),
        ("body", "Three terms: a trinomial ax^2 + bx + c."),
        ("indent", "If a = 1, find two numbers that multiply to c and add to b."),
        ("indent", "If a is not 1, find two numbers that multiply to ac and add to b,"),
        ("indent", "split the middle term with them, then group in pairs."),
        ("indent", "Signs: if c > 0 both numbers have the sign of b; if c < 0 they differ."),
        ("body", "Four terms: group in pairs that share a factor, factorise each pair,"),
        ("body", "then take out the common bracket."),
        ("indent", "xy + 3x + 2y + 6 = x(y + 3) + 2(y + 3) = (y + 3)(x + 2)"),
        ("gap", ""),
        ("head", "Step 3. Factorise every factor further"),
        ("body", "Look at each bracket again and repeat Step 2 until no factor"),
        ("body", "can be split any more. Only then is the expression fully factorised."),
        ("gap", ""),
        ("head", "Step 4. Check by expanding"),
        ("body", "Multiply your factors out. You must get the original expression back,"),
        ("body", "term by term, including every sign."),
    ],
    [
        ("title", "Worked examples"),
        ("head", "Example 1: factorise 3x^2 - 12"),
        ("body", "Step 1: the highest common factor is 3, so 3x^2 - 12 = 3(x^2 - 4)."),
        ("body", "Step 2: two terms, a difference of two squares: 3(x - 2)(x + 2)."),
        ("body", "Step 4: 3(x - 2)(x + 2) = 3(x^2 - 4) = 3x^2 - 12. Correct."),
        ("gap", ""),
        ("head", "Example 2: factorise 2x^2 - 2x - 12"),
        ("body", "Step 1: take out 2, giving 2(x^2 - x - 6)."),
        ("body", "Step 2: three terms; numbers that multiply to -6 and add to -1 are -3 and 2."),
        ("body", "Answer: 2(x - 3)(x + 2)."),
        ("gap", ""),
        ("head", "Example 3: factorise 6x^2 + x - 2"),
        ("body", "Step 1: no common factor. Step 2: three terms with a = 6, so ac = -12."),
        ("body", "The numbers 4 and -3 multiply to -12 and add to 1. Split the middle term:"),
        ("indent", "6x^2 + 4x - 3x - 2 = 2x(3x + 2) - 1(3x + 2) = (3x + 2)(2x - 1)"),
        ("gap", ""),
        ("head", "Example 4: factorise x^3 + 2x^2 - 9x - 18"),
        ("body", "Step 2: four terms, so group in pairs:"),
        ("indent", "x^2(x + 2) - 9(x + 2) = (x + 2)(x^2 - 9)"),
        ("body", "Step 3: x^2 - 9 is a difference of two squares, so the full answer is"),
        ("indent", "(x + 2)(x - 3)(x + 3)"),
        ("gap", ""),
        ("head", "Common mistakes to avoid"),
        ("body", "- Taking out a common factor that is not the highest one."),
        ("body", "- Factorising a sum of two squares: x^2 + 9 is not (x + 3)(x - 3)."),
        ("body", "- Choosing a number pair with the wrong signs: x^2 - x - 6 is (x + 2)(x - 3)."),
        ("body", "- Dropping the 1 when a whole term is the common factor."),
        ("body", "- Stopping before every factor has been factorised fully."),
    ],
]


def pdf_string(text: str) -> bytes:
    """A PDF literal string: ASCII only, with \\, ( and ) escaped."""
    text.encode("ascii")  # raises on anything outside ASCII
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + escaped.encode("ascii") + b")"


def content_stream(lines) -> bytes:
    """One BT ... ET block and one Tj per line, at absolute positions."""
    out = []
    y = TOP
    for style, text in lines:
        if style == "gap":
            y -= 8
            continue
        size, indent, advance = STYLES[style]
        out.append(
            b"BT /F1 %d Tf 1 0 0 1 %d %d Tm %s Tj ET" % (size, LEFT + indent, y, pdf_string(text))
        )
        y -= advance
        if y < 60:
            raise SystemExit("page overflow: move some lines to the next page")
    return b"\n".join(out) + b"\n"


def build() -> bytes:
    # Object numbers: 1 catalog, 2 pages, 3 font, 4 info, then (page, content) pairs.
    page_ids = [5 + 2 * i for i in range(len(PAGES))]
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % p for p in page_ids), len(PAGES)),
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        4: b"<< /Title (ALG-05 Factorising framework) /Author (Lantern sample course) "
        b"/Producer (tools/make_pdf.py) >>",
    }
    for page_id, lines in zip(page_ids, PAGES):
        stream = content_stream(lines)
        objects[page_id] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>"
            % (PAGE_WIDTH, PAGE_HEIGHT, page_id + 1)
        )
        objects[page_id + 1] = (
            b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"endstream"
        )

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref_at = len(out)
    size = max(objects) + 1
    out += b"xref\n0 %d\n" % size
    out += b"0000000000 65535 f \n"
    for number in range(1, size):
        out += b"%010d 00000 n \n" % offsets[number]
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 4 0 R >>\n" % size
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def main() -> None:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    data = build()
    OUTPUT.write_bytes(data)
    print(f"wrote {OUTPUT.relative_to(PACK)} ({len(data)} bytes, {len(PAGES)} pages)")


if __name__ == "__main__":
    main()
