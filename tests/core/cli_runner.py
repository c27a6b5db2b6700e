"""Running the ``subword`` CLI in the test process (fast; no interpreter start)."""

from __future__ import annotations

from subword_core.cli import main


def cli(capsys, *args) -> tuple[int, str, str]:
    """Run ``main`` in this process; returns (exit status, stdout, stderr)."""
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err
