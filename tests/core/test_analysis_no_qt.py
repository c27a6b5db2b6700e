"""analysis.py and labels.py stay Qt-free, and so does the training child's job module."""

import subprocess
import sys


def test_analysis_labels_and_train_job_load_no_qt():
    code = (
        "import sys, subword_core.analysis, subword_core.analysis.labels, app.train_job;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','shiboken6','pyqtgraph')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
