#!/usr/bin/env python3
"""Find import circles between the modules (files) of each crate in the workspace.

Every `crates/*/src` and `src-tauri/src` is read from its `lib.rs` (or `main.rs`
when there is no `lib.rs`) by following its `mod NAME;` declarations; `a.rs` and
`a/mod.rs` are module `a`, `a/b.rs` is `a::b`, and the crate root is shown as
`crate`. Binaries under `src/bin` (and a `main.rs` beside a `lib.rs`) are skipped.

Test code is left out: modules declared under `#[cfg(test)]` are not read, and
every item under `#[cfg(test)]` (an inline `mod tests { ... }`, a function, a
`use`) is blanked, as are comments and string and character literals.

A module refers to another by a `use` declaration (brace groups expanded) or by a
path in code that starts with `crate::`, `super::`, `self::` or the name of one
of its child modules. A path is resolved from its base module by following
segments that name child modules, and names the module brings in with `use`
(`pub use turn::Turn` in lib.rs sends `crate::Turn` to `turn`; `pub use turn::*`
is followed when `turn` defines the name). A path into another crate makes no
edge, and neither do a module's own `pub use` lines, which are its public face.

Each strongly connected component of more than one module is an import circle,
printed as `crate: a -> b -> a` (the shortest cycle through its first module).
The exit status is 1 when there is a circle and 0 otherwise.

Limits: an inline non-test `mod x { ... }` counts as part of its file, a path that
starts with a name another `use` brought in (`use crate::text;` then `text::tidy`)
is not followed past that `use`, and `#[path]` attributes are not read.

Usage: scripts/import-circles.py [--crate NAME] [--edges] [--root DIR]
"""

import argparse
import bisect
import fnmatch
import re
import sys
from collections import defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

IDENT = r"(?:r#)?[A-Za-z_][A-Za-z0-9_]*"
LITERAL_START = re.compile(r'//|/\*|(?<![A-Za-z0-9_])[bc]?r#*"|(?<![A-Za-z0-9_])[bc]"|"|\'')
BLOCK_COMMENT_MARK = re.compile(r"/\*|\*/")
STRING_BODY = re.compile(r'(?:[^"\\]|\\.)*"', re.DOTALL)
CHAR_LITERAL = re.compile(r"'(?:[^'\\\n]|\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}|.))'")
CFG_TEST = re.compile(r"#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]")
ATTRIBUTE = re.compile(r"\s*#\s*\[")
MOD_DECL = re.compile(rf"(?<![A-Za-z0-9_])mod\s+({IDENT})\s*;")
USE_DECL = re.compile(
    r"(?<![A-Za-z0-9_])(?:(pub)\s*(?:\([^)]*\))?\s*)?use(?![A-Za-z0-9_])([^;]*);"
)
USE_TOKEN = re.compile(rf"::|[{{}},*]|\$?{IDENT}")
CODE_PATH = re.compile(rf"(?<![A-Za-z0-9_.:])\$?({IDENT}(?:\s*::\s*{IDENT})+)")
ITEM_KEYWORD = r"(?:fn|struct|enum|trait|type|const|static|union|mod)\s+|macro_rules!\s*"
DEFINITION = re.compile(rf"(?<![A-Za-z0-9_])(?:{ITEM_KEYWORD})({IDENT})")
OPENERS, CLOSERS = "([{", ")]}"


@dataclass
class Reference:
    """One path a module uses: where it is written and its segments."""

    line: int
    text: str
    segments: list


@dataclass
class Module:
    """A module of a crate with what was read from its file."""

    path: tuple
    file: Path
    children: set = field(default_factory=set)
    defines: set = field(default_factory=set)
    imports: dict = field(default_factory=dict)
    globs: list = field(default_factory=list)
    references: list = field(default_factory=list)


@dataclass
class Circle:
    """An import circle: its crate, one cycle through it and the edges inside it."""

    crate: str
    cycle: list
    edges: dict


def blank(text):
    """Return text with every character but newlines turned into a space."""
    return re.sub(r"[^\n]", " ", text)


def literal_end(text, start, opener):
    """Return where the comment or literal opened by `opener` at `start` ends."""
    if opener == "//":
        end = text.find("\n", start)
        return len(text) if end < 0 else end
    if opener == "/*":
        depth = 0
        for mark in BLOCK_COMMENT_MARK.finditer(text, start):
            depth += 1 if mark.group() == "/*" else -1
            if depth == 0:
                return mark.end()
        return len(text)
    if opener == "'":
        char = CHAR_LITERAL.match(text, start)
        return char.end() if char else start + 1
    hashes = opener.count("#")
    if "r" in opener:
        end = text.find('"' + "#" * hashes, start + len(opener))
        return len(text) if end < 0 else end + 1 + hashes
    body = STRING_BODY.match(text, start + len(opener))
    return body.end() if body else len(text)


def strip_comments_and_strings(text):
    """Blank comments and string and character literals, keeping every offset."""
    parts, pos = [], 0
    while True:
        found = LITERAL_START.search(text, pos)
        if not found:
            parts.append(text[pos:])
            return "".join(parts)
        end = literal_end(text, found.start(), found.group())
        parts.append(text[pos : found.start()])
        if found.group() == "'" and end == found.start() + 1:
            parts.append("'")
        else:
            parts.append(blank(text[found.start() : end]))
        pos = end


def matching_close(code, start):
    """Return the offset just past the bracket that closes the one at `start`."""
    depth = 0
    for pos in range(start, len(code)):
        if code[pos] in OPENERS:
            depth += 1
        elif code[pos] in CLOSERS:
            depth -= 1
            if depth == 0:
                return pos + 1
    return len(code)


def item_end(code, pos):
    """Return where the item, statement, field or arm starting at `pos` ends."""
    while attribute := ATTRIBUTE.match(code, pos):
        pos = matching_close(code, attribute.end() - 1)
    while pos < len(code):
        char = code[pos]
        if char == "{":
            return matching_close(code, pos)
        if char in "([":
            pos = matching_close(code, pos)
            continue
        if char in ";,":
            return pos + 1
        if char in CLOSERS:
            return pos
        pos += 1
    return pos


def strip_test_items(code):
    """Blank every item marked `#[cfg(test)]` in code already free of literals."""
    parts, pos = [], 0
    for attribute in CFG_TEST.finditer(code):
        if attribute.start() < pos:
            continue
        end = item_end(code, attribute.end())
        parts += [code[pos : attribute.start()], blank(code[attribute.start() : end])]
        pos = end
    parts.append(code[pos:])
    return "".join(parts)


def segment(token):
    """Return a path segment as Rust names it (`$crate` and `r#x` unwrapped)."""
    return token.lstrip("$").removeprefix("r#")


def expand_use_tree(tree, offset=0):
    """Expand a `use` tree into (segments, alias, offset) for each path it names.

    `a::{b::X, c::{self, Y as Z}, *}` gives a::b::X, a::c, a::c::Y (alias Z) and
    a::*; a path's offset is that of its last segment, plus `offset`.
    """
    tokens = [(t.group(), t.start() + offset) for t in USE_TOKEN.finditer(tree)]
    tokens.append(("", len(tree) + offset))
    paths = []

    def parse(pos, prefix):
        """Parse the tree at tokens[pos] under `prefix`; return the position after it."""
        segments, alias, at = list(prefix), None, None
        while tokens[pos][0] not in (",", "}", ""):
            token, where = tokens[pos]
            pos += 1
            if token == "{":
                while tokens[pos][0] not in ("}", ""):
                    pos = parse(pos, segments)
                    pos += tokens[pos][0] == ","
                return pos + (tokens[pos][0] == "}")
            if token == "as":
                alias, pos = segment(tokens[pos][0]), pos + (tokens[pos][0] != "")
            elif token != "::":
                segments.append(segment(token))
                at = where
        if at is not None:
            paths.append((trim_self(segments), alias, at))
        return pos

    pos = 0
    while tokens[pos][0]:
        pos = parse(pos, [])
        pos += tokens[pos][0] != ""
    return paths


def trim_self(segments):
    """Drop a trailing `self` (`a::{self}` names `a` itself)."""
    return segments[:-1] if len(segments) > 1 and segments[-1] == "self" else segments


def line_finder(text):
    """Return a function giving the 1-based line of an offset in text."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    return lambda offset: bisect.bisect_right(starts, offset)


def child_file(parent, name):
    """Return the file of child module `name` declared in file `parent`, or None."""
    owns_folder = parent.name in ("lib.rs", "main.rs", "mod.rs")
    folder = parent.parent if owns_folder else parent.with_suffix("")
    for candidate in (folder / f"{name}.rs", folder / name / "mod.rs"):
        if candidate.is_file():
            return candidate
    return None


def read_module(path, file):
    """Read one module file: its children, definitions, imports and references."""
    text = file.read_text(encoding="utf-8", errors="replace")
    code = strip_test_items(strip_comments_and_strings(text))
    line_of = line_finder(code)
    module = Module(path, file)
    module.children = {segment(m.group(1)) for m in MOD_DECL.finditer(code)}
    module.defines = {segment(m.group(1)) for m in DEFINITION.finditer(code)}
    for use in USE_DECL.finditer(code):
        for segments, alias, offset in expand_use_tree(use.group(2), use.start(2)):
            if segments[-1] == "*":
                module.globs.append(segments[:-1])
            else:
                module.imports[alias or segments[-1]] = segments
            if not use.group(1):
                written = "use " + "::".join(segments) + (f" as {alias}" if alias else "")
                module.references.append(Reference(line_of(offset), written, segments))
    code_only = USE_DECL.sub(lambda m: blank(m.group()), code)
    for found in CODE_PATH.finditer(code_only):
        segments = [segment(s.strip()) for s in found.group(1).split("::")]
        if segments[0] in ("crate", "self", "super") or segments[0] in module.children:
            written = "::".join(segments)
            module.references.append(Reference(line_of(found.start()), written, segments))
    return module


def load_crate(src):
    """Read the modules of the crate rooted in `src`, keyed by module path."""
    root = next((src / n for n in ("lib.rs", "main.rs") if (src / n).is_file()), None)
    modules, pending = {}, [((), root)] if root else []
    while pending:
        path, file = pending.pop()
        module = modules[path] = read_module(path, file)
        for name in sorted(module.children):
            child = child_file(file, name)
            if child:
                pending.append((path + (name,), child))
            else:
                module.children.discard(name)
    return modules


def path_base(modules, current, segments):
    """Return (base module, remaining segments) for a path, or None if external."""
    first = segments[0]
    if first == "crate":
        return (), segments[1:]
    if first == "self":
        return current, segments[1:]
    if first == "super":
        base, rest = current, segments
        while rest and rest[0] == "super" and base:
            base, rest = base[:-1], rest[1:]
        return base, rest
    if first in modules[current].children:
        return current, segments
    return None


def resolve(modules, current, segments, seen=frozenset()):
    """Return the module a path written in `current` lands in, or None if external."""
    based = path_base(modules, current, segments)
    if based is None:
        return None
    module, rest = based
    for index, name in enumerate(rest):
        here = modules[module]
        if name in here.children:
            module += (name,)
            continue
        if (module, name) in seen:
            break
        seen = seen | {(module, name)}
        if name in here.imports:
            return resolve(modules, module, here.imports[name] + rest[index + 1 :], seen)
        for glob in here.globs:
            source = resolve(modules, module, glob, seen)
            if source not in (None, module) and name_in(modules[source], name):
                return resolve(modules, source, ["self"] + rest[index:], seen)
        break
    return module


def name_in(module, name):
    """Tell whether `module` defines, declares or imports `name`."""
    return name in module.defines or name in module.children or name in module.imports


def find_edges(modules):
    """Map each (from, to) module pair to the references that make the edge."""
    edges = defaultdict(list)
    for path, module in modules.items():
        for reference in module.references:
            target = resolve(modules, path, reference.segments)
            if target is not None and target != path:
                edges[path, target].append((module.file, reference))
    return edges


def strongly_connected(nodes, successors):
    """Return the strongly connected components of a graph (iterative Tarjan)."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(successors[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    components.append(pop_component(stack, on_stack, node))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(successors[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components


def pop_component(stack, on_stack, root):
    """Pop the Tarjan stack down to `root` and return the popped nodes."""
    component = set()
    while root not in component:
        member = stack.pop()
        on_stack.discard(member)
        component.add(member)
    return component


def shortest_cycle(component, successors):
    """Return a shortest cycle from the component's first module back to itself."""
    start = min(component)
    previous = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(successors[node] & component):
            if child == start:
                cycle = [node]
                while cycle[-1] != start:
                    cycle.append(previous[cycle[-1]])
                return cycle[::-1] + [start]
            if child not in previous:
                previous[child] = node
                queue.append(child)
    raise ValueError("a strongly connected component always holds a cycle")


def find_circles(crate, modules):
    """Return the import circles of one crate."""
    edges = find_edges(modules)
    successors = defaultdict(set)
    for source, target in edges:
        successors[source].add(target)
    circles = []
    for component in strongly_connected(sorted(modules), successors):
        if len(component) > 1:
            inside = {pair: refs for pair, refs in edges.items() if set(pair) <= component}
            circles.append(Circle(crate, shortest_cycle(component, successors), inside))
    return circles


def module_name(path):
    """Return a module path as written in Rust (`crate` for the root)."""
    return "::".join(path) or "crate"


def crate_sources(root):
    """Yield (crate directory name, source folder) for every crate in the workspace."""
    for src in sorted(root.glob("crates/*/src")) + [root / "src-tauri" / "src"]:
        if src.is_dir():
            yield src.parent.name, src


def circle_line(circle):
    """Return the one-line form of a circle."""
    return f"{circle.crate}: " + " -> ".join(module_name(p) for p in circle.cycle)


def print_edges(circle, root):
    """Print the references behind every edge inside a circle."""
    for (source, target), references in sorted(circle.edges.items()):
        print(f"  {module_name(source)} -> {module_name(target)}")
        for file, reference in references:
            print(f"    {file.relative_to(root)}:{reference.line}: {reference.text}")


def main(argv=None):
    """Print the import circles of the workspace and return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--crate",
        action="append",
        metavar="NAME",
        help="only crates whose directory name matches NAME (a glob; may be repeated)",
    )
    parser.add_argument(
        "--edges", action="store_true", help="print the references behind each circle's edges"
    )
    parser.add_argument(
        "--root", type=Path, default=REPO, help="workspace root (default: this repository)"
    )
    args = parser.parse_args(argv)
    root = args.root.resolve()
    circles = []
    for crate, src in crate_sources(root):
        if not args.crate or any(fnmatch.fnmatchcase(crate, name) for name in args.crate):
            circles += find_circles(crate, load_crate(src))
    for circle in sorted(circles, key=circle_line):
        print(circle_line(circle))
        if args.edges:
            print_edges(circle, root)
    print(f"{len(circles)} import circles")
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main())
