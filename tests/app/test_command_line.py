"""The subword-explorer command: --version and the desktop entry work without Qt or a window;
the bundled files are found through subword_core._util.bundled. (The installed wheel itself is
checked by scripts/wheel_smoke.sh.)"""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app import command_line, desktop_entry, resources
from subword_core._util.bundled import bundled_path, bundled_root

ROOT = Path(__file__).resolve().parents[2]


def test_version_prints_and_exits_without_qt():
    code = ("import sys\nfrom app.command_line import main\n"
            "try:\n    main(['subword-explorer', '--version'])\n"
            "except SystemExit as exc:\n    assert exc.code in (0, None), exc.code\n"
            "assert not [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))]\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"subword-explorer {command_line.version()}"
    assert command_line.version()[0].isdigit()


def test_python_m_app_version():
    result = subprocess.run([sys.executable, "-m", "app", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120, check=False)
    assert (result.returncode, result.stdout.split()[0]) == (0, "subword-explorer")


def test_qt_arguments_pass_through():
    options, rest = command_line.parser().parse_known_args(["-platform", "offscreen", "-reverse"])
    assert rest == ["-platform", "offscreen", "-reverse"]
    assert not options.install_desktop_entry


def test_install_desktop_entry_writes_the_entry_and_its_icon(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert command_line.main(["subword-explorer", "--install-desktop-entry"]) == 0
    desktop = tmp_path / "applications" / "subword-explorer.desktop"
    icon = tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "subword-explorer.svg"
    assert str(desktop) in capsys.readouterr().out
    assert icon.read_bytes() == (ROOT / "resources" / "icons" / "subword-explorer.svg").read_bytes()
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(desktop, encoding="utf-8")
    keys = entry["Desktop Entry"]
    assert (keys["Type"], keys["Icon"], keys["Terminal"]) == ("Application", "subword-explorer",
                                                             "false")
    # run from this checkout: python -m app in the checkout's root
    assert keys["Exec"] == f"{desktop_entry.quote_exec_arg(sys.executable)} -m app"
    assert keys["Path"] == str(ROOT)
    # again: replaced in place, no temporary file left behind
    assert command_line.main(["subword-explorer", "--install-desktop-entry"]) == 0
    assert sorted(p.name for p in desktop.parent.iterdir()) == ["subword-explorer.desktop"]
    assert command_line.main(["subword-explorer", "--remove-desktop-entry"]) == 0
    assert not desktop.exists() and not icon.exists()


def test_install_desktop_entry_reports_an_unwritable_folder(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert command_line.main(["subword-explorer", "--install-desktop-entry"]) == 1
    assert capsys.readouterr().err.startswith("subword-explorer: ")


def test_installed_launch_command_is_the_console_script(tmp_path, monkeypatch):
    (tmp_path / "subword-explorer").write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.setattr(desktop_entry, "__package__", "subword_explorer")
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    assert desktop_entry.launch_command() == ([str(tmp_path / "subword-explorer")], None)
    (tmp_path / "subword-explorer").unlink()
    assert desktop_entry.launch_command() == ([str(tmp_path / "python"), "-m",
                                               "subword_explorer"], None)


@pytest.mark.parametrize("arg, quoted", [
    ("/usr/bin/python3", "/usr/bin/python3"),
    ("/home/me/my venv/bin/python", '"/home/me/my venv/bin/python"'),
    ("/opt/100%/python", "/opt/100%%/python"),
    ('/a "b"/$x', '"/a \\\\"b\\\\"/\\\\$x"'),
])
def test_exec_arguments_are_quoted(arg, quoted):
    assert desktop_entry.quote_exec_arg(arg) == quoted


def test_data_home_follows_xdg():
    assert desktop_entry.data_home({"XDG_DATA_HOME": "/x/data"}) == Path("/x/data")
    default = Path.home() / ".local" / "share"
    assert desktop_entry.data_home({"XDG_DATA_HOME": "relative/path"}) == default
    assert desktop_entry.data_home({}) == default


def test_bundled_files_come_from_this_checkout():
    assert bundled_root() == ROOT / "resources" == resources.ROOT
    assert len(sorted(bundled_path("lessons").glob("*.json"))) == 5
    assert desktop_entry.ICON.is_file()


def test_desktop_entry_is_valid(tmp_path):
    validate = shutil.which("desktop-file-validate")  # Debian: desktop-file-utils
    if validate is None:
        pytest.skip("desktop-file-validate is not installed")
    desktop, _ = desktop_entry.install(tmp_path)
    result = subprocess.run([validate, str(desktop)], capture_output=True, text=True, check=False)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")
