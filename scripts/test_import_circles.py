"""Tests for scripts/import-circles.py, run on small crates written to a temp dir.

Run with `python3 -m unittest scripts/test_import_circles.py`.
"""

import contextlib
import importlib.util
import io
import tempfile
import textwrap
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "import-circles.py"
SPEC = importlib.util.spec_from_file_location("import_circles", SCRIPT)
circles = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(circles)


class CrateTest(unittest.TestCase):
    """A temp workspace in which each test writes the crates it needs."""

    def setUp(self):
        """Make an empty workspace."""
        temp = tempfile.TemporaryDirectory()
        self.addCleanup(temp.cleanup)
        self.root = Path(temp.name)

    def write(self, files, crate="demo"):
        """Write {path under the crate's src: Rust text} and return the src folder."""
        src = self.root / ("src-tauri" if crate == "src-tauri" else f"crates/{crate}") / "src"
        for name, text in files.items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_text(textwrap.dedent(text))
        return src

    def run_script(self, *args):
        """Run the script on the workspace; return (exit status, printed lines)."""
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = circles.main(["--root", str(self.root), *args])
        return status, out.getvalue().splitlines()

    def edges(self, src):
        """Return the module edges of the crate in `src` as a set of (from, to) pairs."""
        return set(circles.find_edges(circles.load_crate(src)))


class ScanningTest(unittest.TestCase):
    """The text handling: literals, comments, test items and use trees."""

    def test_comments_and_literals_are_blanked_keeping_offsets(self):
        text = (
            'let s = "crate::a"; // crate::b\n'
            "/* a /* nested */ crate::c */ r#\"x\"#; '{'; &'a T"
        )
        stripped = circles.strip_comments_and_strings(text)
        self.assertEqual(len(stripped), len(text))
        self.assertEqual(stripped.count("\n"), 1)
        self.assertNotIn("crate", stripped)
        self.assertNotIn("{", stripped)
        self.assertIn("&'a T", stripped)

    def test_test_items_are_blanked_by_matching_braces(self):
        code = circles.strip_comments_and_strings(
            "fn keep() {}\n#[cfg(test)]\n#[allow(unused)]\nmod tests {\n"
            "    fn f() { let c = '}'; let s = \"}\"; }\n}\nfn also_kept() {}\n"
        )
        stripped = circles.strip_test_items(code)
        self.assertIn("fn keep()", stripped)
        self.assertIn("fn also_kept()", stripped)
        self.assertNotIn("tests", stripped)
        self.assertNotIn("fn f", stripped)

    def test_use_tree_expands_nested_groups_self_alias_and_glob(self):
        paths = circles.expand_use_tree("super::{a::X, b::{self, Y as Z}, c::*,}")
        self.assertEqual(
            [(segments, alias) for segments, alias, _ in paths],
            [
                (["super", "a", "X"], None),
                (["super", "b"], None),
                (["super", "b", "Y"], "Z"),
                (["super", "c", "*"], None),
            ],
        )


class CircleTest(CrateTest):
    """Modules, references, resolution and the circles printed."""

    def test_two_modules_using_each_other_make_a_circle(self):
        self.write(
            {
                "lib.rs": "mod a;\nmod b;\n",
                "a.rs": "use crate::b::B;\npub struct A;\n",
                "b.rs": "pub struct B;\npub fn make() -> crate::a::A { crate::a::A }\n",
            }
        )
        self.assertEqual(self.run_script(), (1, ["demo: a -> b -> a", "1 import circles"]))

    def test_no_circle_exits_zero(self):
        self.write(
            {"lib.rs": "mod a;\nmod b;\n", "a.rs": "use crate::b::B;\n", "b.rs": "pub struct B;\n"}
        )
        self.assertEqual(self.run_script(), (0, ["0 import circles"]))

    def test_cycle_through_three_modules_starts_at_the_smallest(self):
        self.write(
            {
                "lib.rs": "mod a;\nmod b;\nmod c;\n",
                "a.rs": "use super::b::f;\n",
                "b.rs": "pub fn f() { super::c::g() }\n",
                "c.rs": "pub fn g() { crate::a::h() }\n",
            }
        )
        self.assertEqual(self.run_script()[1], ["demo: a -> b -> c -> a", "1 import circles"])

    def test_reexport_is_followed_to_the_child_that_defines_the_item(self):
        src = self.write(
            {
                "lib.rs": """\
                    mod rules;
                    mod turn;
                    pub use turn::Turn;
                    pub(crate) use rules::{apply, Rule};
                    """,
                "rules.rs": "use crate::Turn;\npub fn apply() {}\npub struct Rule;\n",
                "turn.rs": "pub struct Turn;\nfn run() { crate::apply() }\n",
            }
        )
        self.assertEqual(self.edges(src), {(("rules",), ("turn",)), (("turn",), ("rules",))})
        self.assertEqual(self.run_script()[1][0], "demo: rules -> turn -> rules")

    def test_glob_reexport_is_followed_when_the_child_defines_the_name(self):
        src = self.write(
            {
                "lib.rs": "mod inner;\nmod other;\npub use inner::*;\n",
                "inner.rs": "pub struct Thing;\nuse crate::other::f;\n",
                "other.rs": "use crate::Thing;\nuse crate::Missing;\npub fn f() {}\n",
            }
        )
        self.assertEqual(
            self.edges(src),
            {(("inner",), ("other",)), (("other",), ("inner",)), (("other",), ())},
        )

    def test_reexport_lines_make_no_edge_but_private_uses_do(self):
        files = {"a.rs": "pub struct X;\nuse crate::Y;\n"}
        self.write({**files, "lib.rs": "mod a;\npub use a::X;\npub struct Y;\n"})
        self.assertEqual(self.run_script(), (0, ["0 import circles"]))
        self.write({**files, "lib.rs": "mod a;\nuse a::X;\npub struct Y;\n"})
        self.assertEqual(self.run_script()[1][0], "demo: crate -> a -> crate")

    def test_reexport_loop_ends(self):
        src = self.write(
            {"lib.rs": "mod a;\npub use a::X;\n", "a.rs": "pub use crate::X;\nfn f() { crate::X }"}
        )
        self.assertEqual(self.edges(src), {(("a",), ())})

    def test_test_code_and_literals_make_no_edges(self):
        src = self.write(
            {
                "lib.rs": "mod a;\nmod b;\n#[cfg(test)]\nmod properties;\n",
                "properties.rs": "use crate::a::f;\n",
                "a.rs": "use crate::b::g;\npub fn f() {}\n",
                "b.rs": """\
                    // crate::a::f
                    pub fn g() { let _ = "crate::a::f"; let _ = r#"super::a"#; }
                    #[cfg(test)]
                    mod tests {
                        use crate::a::f;
                        const BRACE: char = '}';
                        fn t() { super::super::a::f(); /* } */ }
                    }
                    #[cfg(test)]
                    mod extra;
                    #[cfg(test)]
                    use crate::a::f;
                    pub fn after() {}
                    """,
                "b/extra.rs": "use crate::a::f;\n",
            }
        )
        self.assertEqual(set(circles.load_crate(src)), {(), ("a",), ("b",)})
        self.assertEqual(self.edges(src), {(("a",), ("b",))})

    def test_nested_modules_super_super_self_and_mod_rs(self):
        src = self.write(
            {
                "lib.rs": "pub mod outer;\n",
                "outer/mod.rs": "mod inner;\nmod peer;\nfn top() { self::inner::deep::g(); }\n",
                "outer/inner/mod.rs": "pub mod deep;\n",
                "outer/inner/deep.rs": "use super::super::{peer::{self, P}};\npub fn g() {}\n",
                "outer/peer.rs": "pub struct P;\nfn f() { crate::outer::inner::deep::g() }\n",
            }
        )
        self.assertEqual(
            self.edges(src),
            {
                (("outer",), ("outer", "inner", "deep")),
                (("outer", "inner", "deep"), ("outer", "peer")),
                (("outer", "peer"), ("outer", "inner", "deep")),
            },
        )
        cycle = "demo: outer::inner::deep -> outer::peer -> outer::inner::deep"
        self.assertEqual(self.run_script()[1][0], cycle)

    def test_relative_paths_through_a_child_module_count(self):
        self.write(
            {
                "main.rs": "mod turn;\nuse turn::run;\npub struct Y;\nfn main() { run() }\n",
                "turn.rs": "use crate::Y;\npub fn run() {}\n",
                "bin/tool.rs": "mod ignored;\n",
            }
        )
        lines = self.run_script()[1]
        self.assertEqual(lines, ["demo: crate -> turn -> crate", "1 import circles"])

    def test_crate_option_and_src_tauri(self):
        ring = {
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "use super::b::B;\n",
            "b.rs": "use super::a::A;\n",
        }
        for crate in ("alpha", "beta", "src-tauri"):
            self.write(ring, crate)
        self.assertEqual(
            self.run_script()[1],
            [
                "alpha: a -> b -> a",
                "beta: a -> b -> a",
                "src-tauri: a -> b -> a",
                "3 import circles",
            ],
        )
        lines = self.run_script("--crate", "beta")[1]
        self.assertEqual(lines, ["beta: a -> b -> a", "1 import circles"])

    def test_edges_option_names_each_line(self):
        self.write(
            {
                "lib.rs": "mod a;\nmod b;\n",
                "a.rs": "use crate::{b::{B, C}};\n",
                "b.rs": "\nfn f() { super::a::A::new() }\n",
            }
        )
        self.assertEqual(
            self.run_script("--edges")[1],
            [
                "demo: a -> b -> a",
                "  a -> b",
                "    crates/demo/src/a.rs:1: use crate::b::B",
                "    crates/demo/src/a.rs:1: use crate::b::C",
                "  b -> a",
                "    crates/demo/src/b.rs:2: super::a::A::new",
                "1 import circles",
            ],
        )


if __name__ == "__main__":
    unittest.main()
