"""Mutation testing of the engine: run mutmut module by module, then print the figure.

Usage (from the repository root, with the dev extra installed)::

    python scripts/mutation.py                    # every engine module, one after another
    python scripts/mutation.py scoring melds      # only these modules
    python scripts/mutation.py --report           # only the figure from the last run
    python scripts/mutation.py --survivors scoring  # rerun the last survivors (after new tests)
    python scripts/mutation.py --resume solver      # judge what an interrupted run left

mutmut's configuration is ``[tool.mutmut]`` in pyproject.toml (the engine mutated, the
tests in tests/engine run). A run is slow (too slow for CI): run it when the engine
changes. It uses one worker at low priority, so a shared machine stays usable, and the
derandomized hypothesis profile, so a run repeats. Results accumulate in ``mutants/``
(git-ignored); running a module judges all its mutants again, ``--survivors`` only the
last survivors (after writing tests), ``--resume`` the mutants an interrupted run left
unjudged. Delete ``mutants/`` for a fresh start.

The figure counts as killed what mutmut reports killed or timed out, and leaves out the
equivalent mutants listed (by name, in backticks) in docs/testing.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "okey_tui" / "engine"
MODULES = [
    "scoring",
    "melds",
    "rules",
    "state",
    "notation",
    "tiles",
    "actions",
    "solver",
    "view",
    "match",
    "errors",
    "budget",
]
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}
STATUS.update({36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout", 255: "timeout"})
STATUS.update({37: "type check", -11: "segfault", -9: "segfault", None: "not checked"})
NAME = re.compile(r"`(okey_tui\.engine\.[\w.ǁ]+__mutmut_\d+)`")


def equivalent() -> set[str]:
    """The mutants docs/testing.md lists as equivalent (or message wording only)."""
    docs = ROOT / "docs" / "testing.md"
    return set(NAME.findall(docs.read_text("utf-8"))) if docs.exists() else set()


def results(module: str) -> dict[str, str]:
    meta = ROOT / "mutants" / "okey_tui" / "engine" / f"{module}.py.meta"
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
    return {name: STATUS.get(code, "suspicious") for name, code in codes.items()}


def report(modules: list[str]) -> int:
    """Print one line per module and the total; return how many survivors are unexplained."""
    skip = equivalent()
    total = Counter[str]()
    print(f"{'module':10} {'mutants':>7} {'killed':>6} {'survived':>8} {'equiv':>5} {'other':>5}")
    for module in modules:
        found = results(module)
        if not found:
            print(f"{module:10} (not run)")
            continue
        row = Counter[str]()
        for name, status in found.items():
            row["mutants"] += 1
            if name in skip:
                row["equiv"] += 1
            elif status in ("killed", "timeout", "type check"):
                row["killed"] += 1
            elif status == "survived":
                row["survived"] += 1
            else:
                row["other"] += 1
        total.update(row)
        print(
            f"{module:10} {row['mutants']:7} {row['killed']:6} {row['survived']:8}"
            f" {row['equiv']:5} {row['other']:5}"
        )
    judged = total["mutants"] - total["equiv"] - total["other"]
    print(
        f"{'total':10} {total['mutants']:7} {total['killed']:6} {total['survived']:8}"
        f" {total['equiv']:5} {total['other']:5}"
    )
    if judged:
        print(
            f"killed {total['killed']} / {judged} non-equivalent mutants judged"
            f" ({100 * total['killed'] / judged:.1f}%); not judged (other): {total['other']}"
        )
    for module in modules:
        for name, status in sorted(results(module).items()):
            if status not in ("killed", "timeout", "type check") and name not in skip:
                print(f"  {status}: {name}")
    return total["survived"]


def mutmut(names: list[str]) -> None:
    """Run mutmut on the mutants matching ``names`` (globs or exact names)."""
    # mutmut 3.8's incremental stats (which tests reach which function) fail when
    # tests were added since the last run; a full collection takes ~20 s and works.
    (ROOT / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    command = ["nice", "-n", "19", str(Path(sys.executable).parent / "mutmut"), "run"]
    subprocess.run(
        [*command, "--max-children", "1", *names],
        cwd=ROOT,
        env=dict(os.environ, HYPOTHESIS_PROFILE="ci"),
        check=False,
    )


def run(modules: list[str]) -> None:
    for module in modules:
        print(f"== mutmut: okey_tui/engine/{module}.py", flush=True)
        mutmut([f"okey_tui.engine.{module}.*"])


def rerun(modules: list[str], statuses: tuple[str, ...]) -> None:
    """Judge again only the mutants whose last status is one of ``statuses`` (not the
    equivalent ones); with "not checked", a module never run is run whole."""
    skip = equivalent()
    names = []
    for module in modules:
        found = results(module)
        if not found and "not checked" in statuses:
            names.append(f"okey_tui.engine.{module}.*")
        names += [n for n, status in found.items() if status in statuses and n not in skip]
    if names:
        print(f"== mutmut: {len(names)} mutants of {' '.join(modules)}", flush=True)
        mutmut(names)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help=f"engine modules (default: {' '.join(MODULES)})")
    parser.add_argument("--report", action="store_true", help="only print the last figures")
    parser.add_argument(
        "--survivors", action="store_true", help="rerun only the last run's surviving mutants"
    )
    parser.add_argument(
        "--resume", action="store_true", help="judge the mutants an interrupted run left"
    )
    args = parser.parse_args()
    modules = args.modules or MODULES
    unknown = [m for m in modules if not (ENGINE / f"{m}.py").exists()]
    if unknown:
        parser.error(f"not an engine module: {', '.join(unknown)}")
    if args.survivors:
        rerun(modules, ("survived", "no tests"))
    if args.resume:
        rerun(modules, ("not checked",))
    if not (args.survivors or args.resume or args.report):
        run(modules)
    report(modules)
    return 0


if __name__ == "__main__":
    sys.exit(main())
