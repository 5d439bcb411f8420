"""The okey101 command group: version, help, bad arguments."""

import subprocess
import sys

from click.testing import CliRunner

from okey_tui import __version__
from okey_tui.cli import main


def test_version_prints_the_package_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_help_lists_the_commands() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in ("rules", "hint"):
        assert name in result.output


def test_unknown_command_exits_2_without_traceback() -> None:
    result = CliRunner().invoke(main, ["no-such-command"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "okey_tui", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert __version__ in done.stdout
