"""The core never pulls in the GUI layer."""

import subprocess
import sys


def test_importing_subword_core_loads_no_qt():
    code = (
        "import sys, subword_core, subword_core.components;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','shiboken6','pyqtgraph','app')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
